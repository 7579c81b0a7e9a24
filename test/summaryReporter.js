/**
 * Prints one plain closing line, "Tests: N passed, N failed, N skipped", after jest's own summary,
 * so CI systems that read a run's last line can tell how many tests ran. A suite that failed
 * before its tests ran (it did not load, or a beforeAll threw with no test reporting it) counts
 * as one failed test, and the line says how many suites that was.
 */
class SummaryReporter {
	constructor(_globalConfig, options = {}) {
		this.label = options.label || 'Tests';
	}

	onRunComplete(_contexts, results) {
		const skipped = results.numPendingTests + results.numTodoTests;
		const broken = results.testResults.filter(
			(suite) => suite.testExecError !== undefined && suite.numFailingTests === 0,
		).length;
		const failed = results.numFailedTests + broken;
		const note = broken ? ` (${broken} suite${broken === 1 ? '' : 's'} failed to run)` : '';
		process.stdout.write(
			`\n${this.label}: ${results.numPassedTests} passed, ${failed} failed, ${skipped} skipped${note}\n`,
		);
	}
}

module.exports = SummaryReporter;
