/**
 * `npm test`: every check and test, each step's time printed. Lint, type checking and the web build share
 * the two cores first and must pass. Then the browser suite runs alone: its two workers, their Chromium
 * and the app server fill both cores by themselves, and any suite beside it stretched a story's waits past
 * what a person would see (decision 053). Then the API suite, with any steps a caller adds beside it (CI's
 * PostgreSQL pass): `node scripts/test.ts --step NAME COMMAND`. A failed test phase does not stop the next,
 * so one run reports every failure.
 */
import { spawn } from 'node:child_process';

type Step = { name: string; command: string };
type Outcome = Step & { seconds: number; code: number };

const CHECKS: Step[] = [
  { name: 'lint', command: 'npm run lint' },
  { name: 'typecheck', command: 'npm run typecheck' },
  { name: 'build', command: 'npm run build' },
];
const TESTS: Step[][] = [
  [{ name: 'browser', command: 'npm run test:browser' }],
  [{ name: 'api (PGlite)', command: 'npm run test:api' }],
];

function run(step: Step): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, { shell: true, stdio: 'inherit' });
    child.on('close', (code, signal) => {
      const seconds = (performance.now() - started) / 1000;
      const outcome = { ...step, seconds, code: code ?? (signal ? 1 : 0) };
      console.log(`\ntest: ${step.name} ${outcome.code === 0 ? 'passed' : 'FAILED'} in ${seconds.toFixed(0)} s`);
      resolve(outcome);
    });
  });
}

function report(outcomes: Outcome[], started: number) {
  console.log('\ntest: step times');
  for (const { name, seconds, code } of outcomes) {
    console.log(`  ${seconds.toFixed(0).padStart(5)} s  ${code === 0 ? 'ok    ' : 'FAILED'}  ${name}`);
  }
  console.log(`  ${((performance.now() - started) / 1000).toFixed(0).padStart(5)} s  in all`);
}

const started = performance.now();
function addedSteps(args: string[]): Step[] {
  const steps: Step[] = [];
  for (let at = args.indexOf('--step'); at !== -1; at = args.indexOf('--step', at + 3)) {
    const [name, command] = [args[at + 1], args[at + 2]];
    if (!name || !command) throw new Error('usage: node scripts/test.ts [--step NAME COMMAND]...');
    steps.push({ name, command });
  }
  return steps;
}

const tests = TESTS.map((phase, index) =>
  index === TESTS.length - 1 ? [...phase, ...addedSteps(process.argv.slice(2))] : phase,
);
const outcomes: Outcome[] = await Promise.all(CHECKS.map(run));
if (outcomes.every(({ code }) => code === 0)) {
  for (const phase of tests) outcomes.push(...(await Promise.all(phase.map(run))));
}
report(outcomes, started);
process.exitCode = outcomes.some(({ code }) => code !== 0) ? 1 : 0;
