/**
 * The parts of `npm start` that decide something without n8n: the banner's time and its way to
 * sign as a recipient, the installer's progress words, and what happens to the second credential
 * of earlier data folders.
 * (`npm start` as a whole is checked by smoke.ts, in CI.)
 */
import { spawn } from 'child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import {
	N8N_PACKAGE_COUNT,
	N8N_TARBALL_COUNT,
	npmInstallProgress,
	releaseInstallLock,
	runtimePaths,
	tryInstallLock,
} from '../e2e/runtime';
import { pointsAtSandbox, readyIn, signingHelp, workspaceCredentialPlan } from '../e2e/start';
import { createDemoTemplate, sandboxApi, WORKSPACE_CREDENTIAL_NAME } from '../e2e/setup';
import { startSandbox } from '../sandbox';

describe('the banner says how long npm start took', () => {
	const started = 1_000_000_000_000;
	it('counts from the start of the npm script, build included, and says what each part took', () => {
		expect(
			readyIn({ now: started + 40_000, started, installMs: 300 }, String(started - 65_000)),
		).toBe(
			'ready 1 min 45 s after npm start: 1 min 5 s to build the package, then 40 s to start the sandbox and n8n',
		);
	});
	it('names a first install of n8n', () => {
		expect(
			readyIn({ now: started + 400_000, started, installMs: 360_000 }, String(started - 50_000)),
		).toBe(
			'ready 7 min 30 s after npm start: 50 s to build the package, then 6 min 40 s to start the sandbox and n8n, including 6 min 0 s to install n8n',
		);
	});
	it('without the npm script (or a nonsense value), says the build is not counted', () => {
		for (const began of [undefined, '', 'x', String(started + 5), String(started - 7_200_000)])
			expect(readyIn({ now: started + 30_000, started, installMs: 0 }, began)).toBe(
				'ready in 30 s, not counting the build',
			);
	});
});

describe('the installer counts one thing at a time, and says which', () => {
	const fetched = (n: number) =>
		Array.from(
			{ length: n },
			(_, i) => `npm http fetch GET 200 https://registry.npmjs.org/p${i}/-/p${i}-1.0.0.tgz 12ms`,
		).join('\n');
	it('package files while downloading, then the packages they unpack into', () => {
		expect(npmInstallProgress('npm http fetch GET 200 https://registry.npmjs.org/n8n 5ms')).toBe(
			'resolving the dependency tree: 1 package manifests read',
		);
		expect(npmInstallProgress(fetched(10))).toBe(
			`downloading package files: 10 of ${N8N_TARBALL_COUNT} (0 %)`,
		);
		expect(npmInstallProgress(fetched(N8N_TARBALL_COUNT))).toBe(
			`${N8N_TARBALL_COUNT} package files downloaded; unpacking them into ${N8N_PACKAGE_COUNT} packages (several minutes, no finer progress)`,
		);
		// A cache that held a few package files already: the last 1 % is not waited for.
		expect(npmInstallProgress(fetched(N8N_TARBALL_COUNT - 4))).toBe(
			`${N8N_TARBALL_COUNT - 4} package files downloaded; unpacking them into ${N8N_PACKAGE_COUNT} packages (several minutes, no finer progress)`,
		);
		expect(N8N_TARBALL_COUNT).toBeLessThan(N8N_PACKAGE_COUNT);
	});
});

describe('the second credential of earlier data folders', () => {
	const base = {
		name: WORKSPACE_CREDENTIAL_NAME,
		baseUrl: 'http://127.0.0.1:5800',
		previousUrl: 'http://127.0.0.1:5800',
		currentUrl: 'http://127.0.0.1:5800',
		users: ['dsExampleSaw0001'],
		examples: ['dsExampleSaw0001', 'dsExampleOther01'],
		active: [],
	};
	it('is removed when npm start made it as it is and only unpublished examples use it', () => {
		expect(workspaceCredentialPlan(base)).toEqual({ remove: true, repoint: ['dsExampleSaw0001'] });
		expect(workspaceCredentialPlan({ ...base, users: [] })).toEqual({ remove: true, repoint: [] });
		// The sandbox moved to another port since: still the sandbox npm start pointed it at.
		expect(
			workspaceCredentialPlan({
				...base,
				baseUrl: 'http://127.0.0.1:5801',
				previousUrl: 'http://127.0.0.1:5801',
			}),
		).toMatchObject({ remove: true });
	});
	it('is kept, saying why, when the user changed it or relies on it', () => {
		expect(workspaceCredentialPlan({ ...base, name: 'My account' })).toEqual({
			remove: false,
			why: 'it was renamed',
		});
		expect(workspaceCredentialPlan({ ...base, baseUrl: 'https://api.example.com/v1' })).toEqual({
			remove: false,
			why: 'its Base URL was changed',
		});
		expect(workspaceCredentialPlan({ ...base, users: ['dsExampleSaw0001', 'mine'] })).toEqual({
			remove: false,
			why: 'workflows of yours use it (mine)',
		});
		expect(workspaceCredentialPlan({ ...base, active: ['dsExampleSaw0001'] })).toEqual({
			remove: false,
			why: 'published workflows use it (dsExampleSaw0001)',
		});
	});
	it('a sandbox address: the current one, the previous one, or any loopback one when unknown', () => {
		expect(
			pointsAtSandbox('http://127.0.0.1:5800', 'http://127.0.0.1:5799', 'http://127.0.0.1:5800'),
		).toBe(true);
		expect(
			pointsAtSandbox('http://127.0.0.1:5799', 'http://127.0.0.1:5799', 'http://127.0.0.1:5800'),
		).toBe(true);
		expect(
			pointsAtSandbox('http://127.0.0.1:5700', 'http://127.0.0.1:5799', 'http://127.0.0.1:5800'),
		).toBe(false);
		expect(pointsAtSandbox('http://127.0.0.1:5700/', undefined, 'http://127.0.0.1:5800')).toBe(
			true,
		);
		expect(pointsAtSandbox('https://api.example.com', undefined, 'http://127.0.0.1:5800')).toBe(
			false,
		);
		expect(pointsAtSandbox(undefined, undefined, 'http://127.0.0.1:5800')).toBe(false);
	});
});

describe('one install of n8n at a time', () => {
	let cache: string;
	beforeEach(() => {
		cache = mkdtempSync(join(tmpdir(), 'ds-lock-'));
	});
	afterEach(() => rmSync(cache, { recursive: true, force: true }));

	it('a second installer waits for the first, and takes the lock once it is released', () => {
		const rt = runtimePaths(cache);
		expect(tryInstallLock(rt)).toBeUndefined();
		expect(tryInstallLock(rt)).toBe(process.pid);
		releaseInstallLock(rt);
		expect(existsSync(join(cache, 'install.lock'))).toBe(false);
		expect(tryInstallLock(rt)).toBeUndefined();
		releaseInstallLock(rt);
	});

	it('a lock left by a process that is gone is taken over', async () => {
		const rt = runtimePaths(cache);
		const gone = spawn(process.execPath, ['-e', '0']);
		await new Promise((done) => gone.on('close', done));
		expect(tryInstallLock(rt)).toBeUndefined();
		writeFileSync(join(cache, 'install.lock', 'pid'), String(gone.pid));
		expect(tryInstallLock(rt)).toBeUndefined();
		releaseInstallLock(rt);
	});
});

describe('the banner says how to sign as a recipient without curl', () => {
	it("names a page of the sandbox that opens, in a browser, each recipient's signing page", async () => {
		const sandbox = await startSandbox();
		try {
			const lines = signingHelp(sandbox.url, 5000);
			const page = /open (\S+) in your browser/.exec(lines.join('\n'))?.[1];
			expect(page).toBe(`${sandbox.url}/_sandbox/signing`);
			expect(lines.join('\n')).toContain('Decline with a reason');
			expect(lines.join('\n')).toContain('SANDBOX_AUTO_SIGN_MS=0');
			expect(signingHelp(sandbox.url, 0).join('\n')).not.toContain('SANDBOX_AUTO_SIGN_MS');
			// A request sent from the demo template, as workflow 1 does: the page links to its signer.
			const templateId = await createDemoTemplate(sandbox.url);
			const sent = await sandboxApi(sandbox.url, 'POST', '/signing-requests/create-and-send', {
				name: 'NDA',
				template_id: templateId,
			});
			const html = await (
				await fetch(page as string, { headers: { Accept: 'text/html,*/*;q=0.8' } })
			).text();
			const signer = (sent.recipients as Array<{ id: string }>)[0].id;
			const href = `/_sandbox/signing/${sent.id as string}/${signer}`;
			expect(html).toContain(`<a href="${href}">`);
			const signingPage = await (
				await fetch(`${sandbox.url}${href}`, { headers: { Accept: 'text/html' } })
			).text();
			expect(signingPage).toContain('data-action="sign"');
			expect(signingPage).toContain('name="reason"');
		} finally {
			await sandbox.close();
		}
	});
});
