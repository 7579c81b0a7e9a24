/**
 * `npm run sandbox` — starts the sandbox for manual use.
 *
 *   npm run sandbox                  # port 5800
 *   npm run sandbox -- --port 6000   # or --port=6000, or SANDBOX_PORT=6000
 *   npm run sandbox -- --auto-sign 3000   # simulated signers sign 3 s after sending (or SANDBOX_AUTO_SIGN_MS)
 *
 * Host is 127.0.0.1 (override with --host). Stops on Ctrl+C (SIGINT) or SIGTERM.
 */
import { SEED, WEBHOOK_SECRETS, startSandbox, type Sandbox } from './index';

export const DEFAULT_PORT = 5800;

export interface CliOptions {
	port: number;
	host: string;
	/** Set only when --auto-sign / SANDBOX_AUTO_SIGN_MS is given. */
	autoSignAfterMs?: number;
}

/** Reads --port / --host (as `--port 6000` or `--port=6000`), then SANDBOX_PORT, then defaults. */
export function parseCliOptions(argv: string[], env: NodeJS.ProcessEnv): CliOptions {
	const flag = (name: string): string | undefined => {
		for (let i = 0; i < argv.length; i++) {
			if (argv[i] === `--${name}`) return argv[i + 1];
			if (argv[i].startsWith(`--${name}=`)) return argv[i].slice(name.length + 3);
		}
		return undefined;
	};
	const rawPort = flag('port') ?? env.SANDBOX_PORT ?? String(DEFAULT_PORT);
	const port = Number(rawPort);
	if (!Number.isInteger(port) || port < 0 || port > 65535) {
		throw new Error(`Invalid port "${rawPort}": use an integer from 0 to 65535`);
	}
	const options: CliOptions = { port, host: flag('host') ?? '127.0.0.1' };
	const rawAutoSign = flag('auto-sign') ?? env.SANDBOX_AUTO_SIGN_MS;
	if (rawAutoSign !== undefined && rawAutoSign !== '') {
		const ms = Number(rawAutoSign);
		if (!Number.isInteger(ms) || ms < 0)
			throw new Error(`Invalid --auto-sign "${rawAutoSign}": use milliseconds (an integer >= 0)`);
		if (ms > 0) options.autoSignAfterMs = ms;
	}
	return options;
}

/** The start-up text: base URL, company, workspaces with their keys, which key is protected. */
export function describeSandbox(sandbox: Pick<Sandbox, 'url' | 'state'>): string {
	const company = sandbox.state.company;
	const lines = [
		'Document-signing sandbox running',
		`  Base URL: ${sandbox.url}`,
		'',
		`Company: ${company.name} (${company.id}), credits: ${company.credits}`,
		'',
		'Workspaces:',
	];
	for (const ws of [SEED.protectedWorkspace, ...SEED.workspaces]) {
		const isProtected = ws.id === SEED.protectedWorkspace.id;
		lines.push(
			`  ${ws.name}${isProtected ? '  [PROTECTED: its keys reach every workspace of the company]' : ''}`,
			`    id:       ${ws.id}`,
			`    live key: ${ws.liveKey}`,
			`    test key: ${ws.testKey}`,
		);
	}
	lines.push(
		'',
		'Webhook signing secrets (X-Service-Signature = t=<unix>,v1=HMAC-SHA256("<t>.<raw body>")):',
		`  company (company-level webhooks): ${WEBHOOK_SECRETS.company}`,
	);
	for (const ws of [SEED.protectedWorkspace, ...SEED.workspaces]) {
		const on = sandbox.state.getWorkspace(ws.id)?.webhook_enabled === true;
		lines.push(
			`  ${ws.name}: ${WEBHOOK_SECRETS.workspaces[ws.id]}  [workspace master switch ${on ? 'ON' : 'OFF: secret active once switched on'}]`,
		);
	}
	lines.push(
		'  Master switches: PUT /_sandbox/webhooks/master-switch {"enabled": false} (company, protected key)',
		'                   or {"enabled": true, "workspace_id": "<id>"}; GET shows them. Test deliveries ignore them.',
		'',
		"Signing as a recipient: a recipient's signing_link opens a page with the document, Sign and Decline.",
		`  The requests waiting for signatures, a link per recipient: ${sandbox.url}/_sandbox/signing`,
		'',
		'Send a key in the Authorization header (bare or "Bearer <key>"), e.g.:',
		`  curl -H "Authorization: ${SEED.protectedWorkspace.liveKey}" ${sandbox.url}/workspaces`,
		'',
		'Press Ctrl+C to stop.',
	);
	return lines.join('\n');
}

async function main(): Promise<void> {
	const options = parseCliOptions(process.argv.slice(2), process.env);
	const sandbox = await startSandbox(options);
	console.log(describeSandbox(sandbox));

	let stopping = false;
	const stop = (signal: string) => {
		if (stopping) return;
		stopping = true;
		console.log(`\n${signal} received, stopping the sandbox...`);
		sandbox.close().then(
			() => process.exit(0),
			(err) => {
				console.error(err);
				process.exit(1);
			},
		);
	};
	process.on('SIGINT', () => stop('SIGINT'));
	process.on('SIGTERM', () => stop('SIGTERM'));
}

if (require.main === module) {
	main().catch((err) => {
		console.error(err instanceof Error ? err.message : err);
		process.exit(1);
	});
}
