/**
 * Installs (first run) or finds n8n 2.41.1 and Node 24 in the cache folder.
 *   exit 0: ready; exit 3: could not be installed (CI then skips the e2e tests, loudly); 1: other error.
 * Used by .ci/run (compiled) and, through globalSetup.ts, by `npm run test:e2e`.
 */
import { InstallError, ensureRuntime, runtimePaths } from './runtime';

if (require.main === module) {
	try {
		ensureRuntime((line) => console.log(line));
		console.log(`n8n runtime ready: ${runtimePaths().n8nDir}`);
	} catch (err) {
		console.error(err instanceof Error ? err.message : err);
		process.exit(err instanceof InstallError ? 3 : 1);
	}
}
