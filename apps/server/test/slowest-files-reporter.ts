import type { Reporter, TestModule } from 'vitest/node';

const SHOWN = 15;

/** Prints the run's slowest test files after vitest's own summary: where the suite's time goes. */
export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const timed = modules.map((module) => {
      const { duration, collectDuration, prepareDuration, environmentSetupDuration } = module.diagnostic();
      return {
        file: module.relativeModuleId,
        ms: duration + collectDuration + prepareDuration + environmentSetupDuration,
      };
    });
    const slowest = timed.sort((a, b) => b.ms - a.ms).slice(0, SHOWN);
    const total = timed.reduce((sum, { ms }) => sum + ms, 0);
    console.log(
      `\nSlowest ${slowest.length} of ${timed.length} test files (${(total / 1000).toFixed(0)} s in all files):`,
    );
    for (const { file, ms } of slowest) console.log(`  ${(ms / 1000).toFixed(1).padStart(7)} s  ${file}`);
  }
}
