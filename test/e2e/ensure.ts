/**
 * Installs (first run) or finds n8n 2.41.1 and Node 24 in the cache folder, with progress.
 *   exit 0: ready;
 *   exit 4: the npm registry cannot be reached (nothing can be installed: no network);
 *   exit 3: the install failed for another reason (the message names it and the log file);
 *   exit 1: an unexpected error.
 * Used by .ci/run (compiled); `npm start` and `npm run test:e2e` call the same code.
 */
import {
	InstallError,
	RegistryUnreachableError,
	ensureRuntimeAsync,
	runtimePaths,
} from './runtime';

if (require.main === module) {
	ensureRuntimeAsync({ log: (line) => console.log(line), tty: process.stdout.isTTY === true })
		.then(() => console.log(`n8n runtime ready: ${runtimePaths().n8nDir}`))
		.catch((err: unknown) => {
			console.error(err instanceof Error ? err.message : err);
			process.exit(
				err instanceof RegistryUnreachableError ? 4 : err instanceof InstallError ? 3 : 1,
			);
		});
}
