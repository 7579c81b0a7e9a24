import { PROTECTED, useSandbox } from '../../../../kit';
import type { Draft } from './fixtures';
import { byId, createDraft, NO_SUCH_ID, only, onlyRequest, run } from './fixtures';

const ctx = useSandbox();
let draft: Draft;
beforeAll(async () => {
	draft = await createDraft(ctx.sandbox, 'Offer letter');
});

describe('Signing Request → Get (GET /signing-requests/{id})', () => {
	it('gets the request by ID, with status flags, its workspace and key mode (Simplify off)', async () => {
		const { output, error } = await run(ctx, 'getSigningRequest', {
			signingRequestId: byId(draft.id),
			simplify: false,
		});
		expect(error).toBeUndefined();
		expect(onlyRequest(ctx.sandbox)).toMatchObject({
			method: 'GET',
			path: `/signing-requests/${draft.id}`,
			query: {},
		});
		const json = only(output);
		expect(json).toMatchObject({
			id: draft.id,
			name: 'Offer letter',
			status: { sent: false, finished: false, cancelled: false, declined: false, expired: false },
			companies_workspaces_id: PROTECTED.id,
			key_mode: 'live',
		});
		// The service's answer, as documented: no recipients (Get Recipients lists them).
		expect(json).not.toHaveProperty('recipients');
		expect(json).not.toHaveProperty('workspace_id');
	});

	it('Simplify (on by default) keeps status, dates, links and its workspace, nothing else', async () => {
		const full = only(
			(
				await run(ctx, 'getSigningRequest', {
					signingRequestId: byId(draft.id),
					simplify: false,
				})
			).output,
		);
		ctx.sandbox.clearRequests();
		const { output, error } = await run(ctx, 'getSigningRequest', {
			signingRequestId: byId(draft.id),
		});
		expect(error).toBeUndefined();
		expect(onlyRequest(ctx.sandbox)).toMatchObject({
			method: 'GET',
			path: `/signing-requests/${draft.id}`,
		});
		const json = only(output);
		expect(Object.keys(json)).toEqual([
			'id',
			'name',
			'template_description',
			'status',
			'companies_workspaces_id',
			'timestamps',
			'expires_at',
			'document_url',
			'final_document_download_url',
			'key_mode',
		]);
		expect(json).toMatchObject({
			id: draft.id,
			name: 'Offer letter',
			status: full.status,
			timestamps: full.timestamps,
			companies_workspaces_id: full.companies_workspaces_id,
		});
		expect(json.settings).toBeUndefined();
		expect(json.certificate).toBeUndefined();
		expect(full.settings).toBeDefined();
	});

	it('takes the ID out of a URL', async () => {
		const { output } = await run(ctx, 'getSigningRequest', {
			signingRequestId: {
				__rl: true,
				mode: 'url',
				value: `https://app.example.com/signing-requests/${draft.id}`,
			},
		});
		expect(only(output).id).toBe(draft.id);
		expect(onlyRequest(ctx.sandbox).path).toBe(`/signing-requests/${draft.id}`);
	});

	it('refuses a malformed ID (from an expression) before sending anything', async () => {
		const { error } = await run(
			ctx,
			'getSigningRequest',
			{ signingRequestId: byId('={{ $json.id }}') },
			{ input: [{ json: { id: '../workspaces' } }] },
		);
		expect(error?.message).toBe('"Signing Request" is not a valid ID: "../workspaces"');
		// Typed in by hand, n8n itself refuses it (the picker's ID check).
		const typed = await run(ctx, 'getSigningRequest', {
			signingRequestId: byId('../workspaces'),
		});
		expect(typed.error?.message).toContain('Not a valid signing request ID');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it('maps an unknown ID to a readable 404', async () => {
		const { error } = await run(ctx, 'getSigningRequest', {
			signingRequestId: byId(NO_SUCH_ID),
		});
		expect(error?.message).toMatch(/^Not found/);
		expect(onlyRequest(ctx.sandbox).path).toBe(`/signing-requests/${NO_SUCH_ID}`);
	});
});
