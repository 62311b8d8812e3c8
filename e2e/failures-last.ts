import { stripVTControlCharacters as plain } from 'node:util';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Each failed journey's error once more after the summary: a CI log is often kept only as its
 * tail, and the list reporter writes errors where they happened, far above it.
 */
export default class FailuresLast implements Reporter {
  private readonly failures: string[] = [];

  printsToStdio() {
    return true;
  }

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === test.expectedStatus || result.status === 'skipped') return;
    // The message's first lines (an assertion's expected and received) and where it failed.
    const errors = result.errors.map((error) => {
      const where = error.location ? `\n    at ${error.location.file.replace(`${process.cwd()}/`, '')}:${error.location.line}` : '';
      return `${plain(error.message ?? error.value ?? '')
        .split('\n')
        .slice(0, 12)
        .join('\n')}${where}`;
    });
    this.failures.push(`${test.titlePath().slice(1).join(' › ')} (${result.status}, ${(result.duration / 1000).toFixed(1)} s)\n${errors.join('\n')}`);
  }

  onEnd(_result: FullResult) {
    if (this.failures.length === 0) return;
    console.log(`\nWhat failed, once more:\n\n${this.failures.join('\n\n')}`);
  }
}
