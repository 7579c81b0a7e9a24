/**
 * What `npm start` runs (see ../e2e/start.ts), started for the browser test: the sandbox, a demo
 * template, and n8n 2.41.1 with the package installed, the sandbox credential and the example
 * workflows imported. Unlike `npm start` it uses a new, temporary n8n user folder and free ports,
 * so it never touches the folder or the ports of a running `npm start`.
 */
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { startSandbox, type Sandbox } from '../sandbox';
import {
	freePort,
	installPackage,
	instance,
	setupOwner,
	startServer,
	type Instance,
	type Server,
} from '../e2e/n8n';
import { ensureRuntime } from '../e2e/runtime';
import {
	createDemoTemplate,
	importAll,
	loadExamples,
	sandboxCredential,
	withTemplate,
	type Workflow,
} from '../e2e/setup';

export interface Stack {
	sandbox: Sandbox;
	inst: Instance;
	server: Server;
	templateId: string;
	/** The imported example workflows, by file name. */
	examples: Record<string, Workflow>;
	stop: () => Promise<void>;
}

export async function startStack(
	log: (line: string) => void,
	/** More workflows to import, given the demo template's id. */
	extra: (templateId: string) => Workflow[] = () => [],
): Promise<Stack> {
	const rt = ensureRuntime(log);
	const sandbox = await startSandbox({ port: 0 });
	const userFolder = mkdtempSync(join(tmpdir(), 'ui-test-n8n-'));
	let server: Server | undefined;
	const stop = async () => {
		await server?.stop().catch(() => undefined);
		await sandbox.close().catch(() => undefined);
		rmSync(userFolder, { recursive: true, force: true });
	};
	try {
		const templateId = await createDemoTemplate(sandbox.url);
		installPackage(userFolder);
		const inst = instance(rt, {
			userFolder,
			port: await freePort(),
			brokerPort: await freePort(),
		});
		const examples = Object.fromEntries(
			Object.entries(loadExamples()).map(([name, wf]) => [name, withTemplate(wf, templateId)]),
		);
		log('Importing the sandbox credential and the example workflows...');
		await importAll(
			inst,
			[sandboxCredential(sandbox.url)],
			[...Object.values(examples), ...extra(templateId)],
		);
		log('Starting n8n...');
		server = await startServer(inst);
		await setupOwner(inst);
		return { sandbox, inst, server, templateId, examples, stop };
	} catch (err) {
		await stop();
		throw err;
	}
}

if (require.main === module) {
	// `node .build/ui/test/ui/stack.js`: start the stack and keep it running (Ctrl+C stops it).
	void (async () => {
		const stack = await startStack((l) => console.log(l));
		console.log(`n8n: ${stack.inst.url}/  sandbox: ${stack.sandbox.url}`);
		for (const [name, wf] of Object.entries(stack.examples)) console.log(`  ${wf.id}  ${name}`);
		const stop = () => void stack.stop().then(() => process.exit(0));
		process.on('SIGINT', stop);
		process.on('SIGTERM', stop);
	})();
}
