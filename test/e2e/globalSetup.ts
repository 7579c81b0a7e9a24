/** Before the e2e tests: n8n 2.41.1 and Node 24 in the cache folder (installed on the first run). */
import { ensureRuntimeAsync } from './runtime';

export default async function globalSetup(): Promise<void> {
	await ensureRuntimeAsync({ log: (line) => process.stdout.write(`${line}\n`) });
}
