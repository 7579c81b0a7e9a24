/** Before the e2e tests: n8n 2.41.1 and Node 24 in the cache folder (installed on the first run). */
import { ensureRuntime } from './runtime';

export default function globalSetup(): void {
	ensureRuntime((line) => process.stdout.write(`${line}\n`));
}
