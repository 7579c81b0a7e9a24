import * as http from 'http';
import type { AddressInfo } from 'net';

import { meta as listSealApplications } from '../../../../nodes/DocumentSigning/actions/organizationSeal/listOrganizationSealApplications.operation';
import { meta as listWorkspaces } from '../../../../nodes/DocumentSigning/actions/workspace/listWorkspaces.operation';
import { callCursor, callPages, resetRateLimiters } from '../../../../nodes/shared/transport';
import { createExecuteContext } from '../../../helpers/n8n';
import type { Sandbox } from '../../../sandbox';
import { SEED, startSandbox } from '../../../sandbox';

const KEY = SEED.protectedWorkspace.liveKey;

function contextFor(baseUrl: string) {
	return createExecuteContext({
		parameters: {},
		credentials: {
			documentSigningApi: { baseUrl, keyToUse: 'live', liveApiKey: KEY, apiVersion: 1 },
		},
	}).context;
}

beforeEach(() => resetRateLimiters());

describe('page-number lists', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox();
		for (let i = 1; i <= 7; i++) sandbox.state.createWorkspace(`Extra ${i}`);
	});
	beforeEach(() => sandbox.clearRequests());
	afterAll(async () => await sandbox.close());

	const pages = () => sandbox.requests.map((r) => r.query);

	it('Return All walks every page, keeping filters and sorting on each request', async () => {
		const rows = (
			await callPages(contextFor(sandbox.url), listWorkspaces, {
				returnAll: true,
				pageSize: 3,
				qs: { sort_by: 'name', sort_order: 'asc' },
			})
		).results;
		expect(rows).toHaveLength(10);
		expect(rows.map((r) => r.name)).toEqual(
			[...rows.map((r) => r.name as string)].sort((a, b) =>
				a.localeCompare(b, 'en', { sensitivity: 'base' }),
			),
		);
		expect(new Set(rows.map((r) => r.id)).size).toBe(10);
		expect(pages()).toEqual(
			[1, 2, 3, 4].map((page) => ({
				page: String(page),
				page_size: '3',
				sort_by: 'name',
				sort_order: 'asc',
			})),
		);
	});

	it('answers with the key mode that made the calls', async () => {
		const context = createExecuteContext({
			parameters: {},
			credentials: {
				documentSigningApi: {
					baseUrl: sandbox.url,
					keyToUse: 'test',
					testApiKey: SEED.protectedWorkspace.testKey,
					apiVersion: 1,
				},
			},
		}).context;
		const list = await callPages(context, listWorkspaces, { returnAll: false, limit: 2 });
		expect(list.keyMode).toBe('test');
		expect(list.results).toHaveLength(2);
		expect(sandbox.requests.map((r) => [r.method, r.path])).toEqual([['GET', '/workspaces']]);
	});

	it('Return All asks for the largest page size by default', async () => {
		const rows = (
			await callPages(contextFor(sandbox.url), listWorkspaces, {
				returnAll: true,
			})
		).results;
		expect(rows).toHaveLength(10);
		expect(pages()).toEqual([{ page: '1', page_size: '200' }]);
	});

	it('a limit stops as soon as it is reached', async () => {
		const rows = (
			await callPages(contextFor(sandbox.url), listWorkspaces, {
				returnAll: false,
				limit: 5,
				pageSize: 3,
			})
		).results;
		expect(rows).toHaveLength(5);
		expect(pages().map((q) => q.page)).toEqual(['1', '2']);
	});

	it('a limit below 200 is the page size', async () => {
		const rows = (
			await callPages(contextFor(sandbox.url), listWorkspaces, {
				returnAll: false,
				limit: 4,
			})
		).results;
		expect(rows).toHaveLength(4);
		expect(pages()).toEqual([{ page: '1', page_size: '4' }]);
	});

	it('a limit above what exists returns everything and stops at the last page', async () => {
		const rows = (
			await callPages(contextFor(sandbox.url), listWorkspaces, {
				returnAll: false,
				limit: 50,
				pageSize: 4,
			})
		).results;
		expect(rows).toHaveLength(10);
		expect(pages().map((q) => q.page)).toEqual(['1', '2', '3']);
	});

	it.each([0, 201, 2.5])('a page size of %s is refused before any request', async (pageSize) => {
		await expect(
			callPages(contextFor(sandbox.url), listWorkspaces, { returnAll: true, pageSize }),
		).rejects.toThrow(`"Page Size" must be a whole number from 1 to 200 (got ${pageSize})`);
		expect(sandbox.requests).toHaveLength(0);
	});

	it('a limit of 0 is refused before any request, in words a person would use', async () => {
		const refusal = callPages(contextFor(sandbox.url), listWorkspaces, {
			returnAll: false,
			limit: 0,
		});
		await expect(refusal).rejects.toThrow('"Limit" must be a whole number of 1 or more (got 0)');
		await expect(refusal).rejects.not.toThrow('9007199254740991');
		expect(sandbox.requests).toHaveLength(0);
	});
});

describe('cursor lists', () => {
	// A stand-in for GET /seals/{id}/applications: 7 entries, served `limit` at a time.
	const entries = Array.from({ length: 7 }, (_, i) => ({ id: `app-${i + 1}`, status: 'applied' }));
	const seen: Array<Record<string, string>> = [];
	let server: http.Server;
	let url: string;

	beforeAll(async () => {
		server = http.createServer((req, res) => {
			const parsed = new URL(req.url ?? '/', 'http://x');
			const query = Object.fromEntries(parsed.searchParams);
			seen.push({ path: parsed.pathname, auth: String(req.headers.authorization), ...query });
			const start = query.cursor ? Number(query.cursor.replace('c', '')) : 0;
			const limit = Number(query.limit ?? 25);
			const page = entries.slice(start, start + limit);
			const next = start + limit < entries.length ? `c${start + limit}` : null;
			res.setHeader('Content-Type', 'application/json');
			res.end(JSON.stringify({ applications: page, cursor: next }));
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	});
	beforeEach(() => (seen.length = 0));
	afterAll(async () => await new Promise((resolve) => server.close(resolve)));

	it('Return All follows the cursor until it is null', async () => {
		const rows = (
			await callCursor(contextFor(url), listSealApplications, 'applications', {
				params: { id: 's1' },
				returnAll: true,
				pageSize: 3,
			})
		).results;
		expect(rows.map((r) => r.id)).toEqual(entries.map((e) => e.id));
		expect(seen.map(({ cursor, limit }) => ({ cursor, limit }))).toEqual([
			{ cursor: undefined, limit: '3' },
			{ cursor: 'c3', limit: '3' },
			{ cursor: 'c6', limit: '3' },
		]);
		expect(seen.every((q) => q.path === '/seals/s1/applications' && q.auth === KEY)).toBe(true);
	});

	it('a limit stops early', async () => {
		const rows = (
			await callCursor(contextFor(url), listSealApplications, 'applications', {
				params: { id: 's1' },
				returnAll: false,
				limit: 4,
				pageSize: 3,
			})
		).results;
		expect(rows.map((r) => r.id)).toEqual(['app-1', 'app-2', 'app-3', 'app-4']);
		expect(seen).toHaveLength(2);
	});

	it('Return All asks for 100 at a time, the most the service allows', async () => {
		await callCursor(contextFor(url), listSealApplications, 'applications', {
			params: { id: 's1' },
			returnAll: true,
		});
		expect(seen.map((q) => q.limit)).toEqual(['100']);
	});

	it('a page size above 100 is refused before any request', async () => {
		await expect(
			callCursor(contextFor(url), listSealApplications, 'applications', {
				params: { id: 's1' },
				returnAll: true,
				pageSize: 101,
			}),
		).rejects.toThrow('"Page Size" must be a whole number from 1 to 100');
		expect(seen).toHaveLength(0);
	});
});
