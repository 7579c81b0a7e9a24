/** The closing line of `npm run test:e2e`: "E2E: N passed, N failed" (plus skipped when any). */
class E2eSummaryReporter {
	constructor(_globalConfig, options = {}) {
		this.label = options.label || 'E2E';
	}

	onRunComplete(_contexts, results) {
		const skipped = results.numPendingTests + results.numTodoTests;
		// A suite that failed before its tests ran (e.g. n8n did not start) counts as failed too.
		const failed = results.numFailedTests + (results.numRuntimeErrorTestSuites || 0);
		process.stdout.write(
			`\n${this.label}: ${results.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`,
		);
	}
}

module.exports = E2eSummaryReporter;
