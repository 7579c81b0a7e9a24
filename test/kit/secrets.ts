/**
 * What the tests of keys, secrets and tokens share (test/nodes/DocumentSigning/
 * sensitiveOutputFields.test.ts, the workspace secrets twins, test/e2e/keys.e2e.ts): the secrets a
 * sandbox has issued, and the values at a field path as `sensitiveOutputFields` names it.
 */
import { WEBHOOK_SECRETS, type Sandbox } from '../sandbox';

/** Every key and webhook secret the sandbox has issued (current and replaced), and the seeds'. */
export function sandboxSecrets(sandbox: Sandbox): string[] {
	const secrets = new Set<string>(sandbox.state.apiKeys.map((k) => k.value));
	for (const ws of sandbox.state.workspaces) if (ws.webhook_secret) secrets.add(ws.webhook_secret);
	for (const secret of Object.values(WEBHOOK_SECRETS.workspaces)) secrets.add(secret);
	secrets.add(WEBHOOK_SECRETS.company);
	return [...secrets];
}

/** The values at a dot path (`list[*].key` walks a list): several for a path through a list. */
export function valuesAt(json: unknown, path: string): unknown[] {
	let current: unknown[] = [json];
	for (const segment of path.split('.')) {
		const list = segment.endsWith('[*]');
		const key = list ? segment.slice(0, -3) : segment;
		current = current.flatMap((value) => {
			if (!value || typeof value !== 'object' || !(key in value)) return [];
			const next = (value as Record<string, unknown>)[key];
			return list ? (Array.isArray(next) ? next : []) : [next];
		});
	}
	return current;
}
