import { DEFAULT_PORT, describeSandbox, parseCliOptions } from './cli';
import { SEED, startSandbox } from './index';

describe('parseCliOptions', () => {
	it('defaults to 127.0.0.1:5800', () => {
		expect(DEFAULT_PORT).toBe(5800);
		expect(parseCliOptions([], {})).toEqual({ port: 5800, host: '127.0.0.1' });
	});

	it('reads SANDBOX_PORT, and --port wins over it in both spellings', () => {
		expect(parseCliOptions([], { SANDBOX_PORT: '6100' }).port).toBe(6100);
		expect(parseCliOptions(['--port', '6200'], { SANDBOX_PORT: '6100' }).port).toBe(6200);
		expect(parseCliOptions(['--port=6300'], { SANDBOX_PORT: '6100' }).port).toBe(6300);
		expect(parseCliOptions(['--host', '0.0.0.0'], {}).host).toBe('0.0.0.0');
	});

	it('rejects a bad port', () => {
		expect(() => parseCliOptions(['--port', 'abc'], {})).toThrow(/Invalid port/);
		expect(() => parseCliOptions([], { SANDBOX_PORT: '70000' })).toThrow(/Invalid port/);
	});
});

describe('describeSandbox', () => {
	it('prints the base URL, company, workspaces, all keys and which is protected', async () => {
		const sb = await startSandbox();
		try {
			const text = describeSandbox(sb);
			expect(text).toContain(sb.url);
			expect(text).toContain(SEED.company.name);
			for (const ws of [SEED.protectedWorkspace, ...SEED.workspaces]) {
				expect(text).toContain(ws.name);
				expect(text).toContain(ws.liveKey);
				expect(text).toContain(ws.testKey);
			}
			const protectedLine = text.split('\n').find((l) => l.includes('PROTECTED'));
			expect(protectedLine).toContain(SEED.protectedWorkspace.name);
		} finally {
			await sb.close();
		}
	});
});
