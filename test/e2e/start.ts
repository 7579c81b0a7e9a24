/**
 * `npm start`: the sandbox plus a real n8n 2.41.1 with this package loaded, a credential pointing
 * at the sandbox and the example workflows imported. Ctrl+C stops both.
 *
 * Environment: N8N_START_PORT (default: a free port), SANDBOX_PORT (default: a free port),
 * SANDBOX_AUTO_SIGN_MS (default 5000: simulated signers sign 5 s after a request is sent; 0 = off),
 * N8N_START_FRESH=1 to start from an empty n8n user folder.
 */
import { existsSync, mkdirSync, rmSync } from 'fs';
import { join } from 'path';

import { SEED, startSandbox, type Sandbox } from '../sandbox';
import {
	freePort,
	installPackage,
	instance,
	OWNER,
	setupOwner,
	startServer,
	type Server,
} from './n8n';
import { InstallError, cacheRoot, ensureRuntime } from './runtime';
import {
	createDemoTemplate,
	importAll,
	loadExamples,
	sandboxCredential,
	sandboxWorkspaceCredential,
	withTemplate,
} from './setup';

async function main(): Promise<void> {
	let sandbox: Sandbox | undefined;
	let server: Server | undefined;
	let stopping = false;
	const stop = async (code: number) => {
		if (stopping) return;
		stopping = true;
		console.log('\nStopping n8n and the sandbox...');
		await server?.stop().catch(() => undefined);
		await sandbox?.close().catch(() => undefined);
		process.exit(code);
	};
	process.on('SIGINT', () => void stop(0));
	process.on('SIGTERM', () => void stop(0));

	let rt;
	try {
		rt = ensureRuntime((line) => console.log(line));
	} catch (err) {
		if (err instanceof InstallError) console.error(`Could not install n8n: ${err.message}`);
		throw err;
	}

	const autoSign = Number(process.env.SANDBOX_AUTO_SIGN_MS ?? 5000);
	sandbox = await startSandbox({
		port: Number(process.env.SANDBOX_PORT ?? 0),
		autoSignAfterMs: autoSign > 0 ? autoSign : undefined,
	});
	const templateId = await createDemoTemplate(sandbox.url);
	// Send and Wait registers a webhook of the protected workspace: its master switch must be on.
	sandbox.webhooks.setWorkspaceMasterSwitch(SEED.protectedWorkspace.id, true);

	// One user folder for every run (login, executions and settings are kept); the sandbox is new
	// each time, so the credential and the examples are imported again on every start.
	const userFolder = join(cacheRoot(), 'start-user-folder');
	if (process.env.N8N_START_FRESH === '1') rmSync(userFolder, { recursive: true, force: true });
	if (!existsSync(userFolder)) mkdirSync(userFolder, { recursive: true });
	installPackage(userFolder);

	const port = Number(process.env.N8N_START_PORT ?? 0) || (await freePort());
	const inst = instance(rt, { userFolder, port, brokerPort: await freePort() });
	console.log('Importing the sandbox credential and the example workflows...');
	const examples = Object.values(loadExamples()).map((wf) => withTemplate(wf, templateId));
	await importAll(
		inst,
		[sandboxCredential(sandbox.url), sandboxWorkspaceCredential(sandbox.url)],
		examples,
	);

	console.log(`Starting n8n (takes 20–40 s)...`);
	server = await startServer(inst);
	const created = await setupOwner(inst);

	console.log(
		[
			'',
			'============================================================',
			` n8n is running:      ${inst.url}/`,
			` Log in with:         ${OWNER.email}  /  ${OWNER.password}${created ? '  (owner just created)' : ''}`,
			` Sandbox (fake API):  ${sandbox.url}   test key ${SEED.protectedWorkspace.testKey}`,
			'============================================================',
			'',
			'What to try:',
			'  1. Open "Document Signing: send from a template and wait for completion" and click',
			`     "Execute workflow": it creates a request from the demo template (${templateId}),`,
			`     sends it, and ${autoSign > 0 ? `the sandbox signs it after ${autoSign / 1000} s` : 'waits until you sign it'}; the last node holds the signed PDF.`,
			'  1b. "Document Signing: send and wait for completion (one node)" does the same with one node:',
			'     the execution waits (Executions list: "Waiting") until the sandbox\'s webhook wakes it up.',
			'  2. "Document Signing: bulk send ..." sends the template to the three people of its Recipients list.',
			'  3. The trigger workflows ("on completion ...", "on decline ...") run once you publish (activate)',
			'     them: that registers their webhooks at the sandbox, which then delivers signed events here.',
			'     Or open "on completion ..." and click "Execute workflow" (it listens for a test event), then run',
			'     workflow 1 in another tab: the completion shows up in the listening editor.',
			'  4. "Document Signing: poll for completed or declined requests" needs no webhook: publish it and',
			'     it asks the sandbox every minute; or open it and click "Fetch Test Event" for the latest one.',
			`     Decline as a signer: POST ${sandbox.url}/_sandbox/signing-requests/<id>/recipients/<recipientId>/decline {"reason":"..."}`,
			`     Sign everything:     POST ${sandbox.url}/_sandbox/signing-requests/<id>/sign-all`,
			'  Credentials → "Document Signing (sandbox)" points at the sandbox; for a real account set',
			'  Base URL and the live/test keys of your workspace there.',
			'',
			'Press Ctrl+C to stop n8n and the sandbox.',
		].join('\n'),
	);
	server.child.on('exit', (code) => {
		if (!stopping) {
			console.error(
				`n8n exited unexpectedly (${code}). Its output:\n${server?.output().slice(-4000)}`,
			);
			void stop(1);
		}
	});
}

main().catch((err) => {
	console.error(err instanceof Error ? err.message : err);
	process.exit(1);
});
