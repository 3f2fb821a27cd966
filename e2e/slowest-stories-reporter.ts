import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

const SHOWN = 15;

/** Prints the run's slowest stories after the list: where the browser suite's time goes. */
export default class SlowestStoriesReporter implements Reporter {
  private readonly timed: { title: string; ms: number }[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    const file = test.location.file.split('/e2e/').pop();
    this.timed.push({ title: `${file} › ${test.title}`, ms: result.duration });
  }

  onEnd() {
    if (this.timed.length === 0) return;
    const slowest = [...this.timed].sort((a, b) => b.ms - a.ms).slice(0, SHOWN);
    const total = this.timed.reduce((sum, { ms }) => sum + ms, 0);
    console.log(
      `\nSlowest ${slowest.length} of ${this.timed.length} stories (${(total / 1000).toFixed(0)} s in all stories):`,
    );
    for (const { title, ms } of slowest) console.log(`  ${(ms / 1000).toFixed(1).padStart(7)} s  ${title}`);
  }
}
