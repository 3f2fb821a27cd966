/**
 * `npm test`: every check and test, with independent steps side by side and each step's time printed.
 * Lint, type checking and the web build share the two cores first; then the API suite and the browser
 * suite (on the app just built) run side by side, so that each fills the other's waits (the browser
 * server's start, a story waiting for a delivery, a test waiting for a timer). A step that fails does not
 * stop its phase's siblings, but no later phase runs.
 * The API passes run in the background (a lower CPU priority): their waits are time-outs of minutes, while
 * a story waits a minute at most for what a person would see, and on a loaded two-core machine three
 * suites on equal terms starved the stories past that (a quote's price stuck for two minutes in CI).
 * A caller adds background steps to the last phase (CI's PostgreSQL pass):
 * `node scripts/test.ts --step NAME COMMAND`.
 */
import { spawn } from 'node:child_process';

type Step = { name: string; command: string; background?: boolean };
type Outcome = Step & { seconds: number; code: number };

const PHASES: Step[][] = [
  [
    { name: 'lint', command: 'npm run lint' },
    { name: 'typecheck', command: 'npm run typecheck' },
    { name: 'build', command: 'npm run build' },
  ],
  [
    { name: 'api (PGlite)', command: 'npm run test:api', background: true },
    { name: 'browser', command: 'npm run test:browser' },
  ],
];

/** How much a background step yields: at niceness 10 it gets about a tenth of a core that others want. */
const BACKGROUND_NICENESS = 10;

function run(step: Step): Promise<Outcome> {
  const started = performance.now();
  // The step's shell lowers its own priority before it starts anything, so every process under it inherits it.
  const command = step.background
    ? `renice -n ${BACKGROUND_NICENESS} -p $$ > /dev/null && ${step.command}`
    : step.command;
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: 'inherit' });
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
    steps.push({ name, command, background: true });
  }
  return steps;
}

const phases = PHASES.map((phase, index) =>
  index === PHASES.length - 1 ? [...phase, ...addedSteps(process.argv.slice(2))] : phase,
);
const outcomes: Outcome[] = [];
for (const phase of phases) {
  const results = await Promise.all(phase.map(run));
  outcomes.push(...results);
  if (results.some(({ code }) => code !== 0)) break;
}
report(outcomes, started);
process.exitCode = outcomes.some(({ code }) => code !== 0) ? 1 : 0;
