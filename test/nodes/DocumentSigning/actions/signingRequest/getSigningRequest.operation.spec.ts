import { PROTECTED, useSandbox } from '../../../../kit';
import { SIGNING_REQUEST_KEYS } from '../../../../../nodes/shared/signingRequest';
import type { Draft } from './fixtures';
import { api, byId, createDraft, NO_SUCH_ID, only, onlyRequest, run } from './fixtures';

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
			includeRecipients: false,
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
		// The service's answer, as documented: no recipients (Include Recipients off).
		expect(json).not.toHaveProperty('recipients');
		expect(json).not.toHaveProperty('workspace_id');
	});

	it('Simplify off, Include Recipients (on by default): the detail with the recipients as the service lists them', async () => {
		const { output, error } = await run(ctx, 'getSigningRequest', {
			signingRequestId: byId(draft.id),
			simplify: false,
		});
		expect(error).toBeUndefined();
		expect(ctx.sandbox.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			`GET /signing-requests/${draft.id}`,
			`GET /signing-requests/${draft.id}/users`,
		]);
		const users = await api<{ results: unknown[] }>(
			ctx.sandbox,
			'GET',
			`/signing-requests/${draft.id}/users`,
		);
		const json = only(output);
		expect(json.recipients).toEqual(users.body.results);
		expect(json).toMatchObject({ id: draft.id, companies_workspaces_id: PROTECTED.id });
	});

	it('Include Recipients off: one read, recipients null (the detail lists none)', async () => {
		const { output, error } = await run(ctx, 'getSigningRequest', {
			signingRequestId: byId(draft.id),
			includeRecipients: false,
		});
		expect(error).toBeUndefined();
		expect(onlyRequest(ctx.sandbox).path).toBe(`/signing-requests/${draft.id}`);
		expect(only(output)).toMatchObject({
			recipients: null,
			recipient_count: null,
			signed_count: null,
		});
	});

	it('Simplify (on by default): the one signing-request shape, read from the detail', async () => {
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
		// The detail, and its recipients (Include Recipients, on by default: one more read).
		expect(ctx.sandbox.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			`GET /signing-requests/${draft.id}`,
			`GET /signing-requests/${draft.id}/users`,
		]);
		const json = only(output);
		expect(Object.keys(json)).toEqual([...SIGNING_REQUEST_KEYS, 'key_mode']);
		const timestamps = full.timestamps as Record<string, unknown>;
		expect(json).toEqual({
			id: draft.id,
			name: 'Offer letter',
			description: full.template_description ?? null,
			// The flags say nothing was sent.
			status: 'draft',
			workspace_id: PROTECTED.id,
			template_id: null,
			created_at: timestamps.created_on,
			sent_at: null,
			completed_at: null,
			declined_at: null,
			cancelled_at: null,
			expires_at: full.expires_at ?? null,
			updated_at: timestamps.last_changed_on,
			expiration_hours: full.expiration_hours,
			page_count: full.document_page_count,
			// Read with it: Include Recipients (on by default).
			recipient_count: 2,
			signed_count: 0,
			// A fresh time-limited link on every read.
			document_url: expect.stringMatching(/\/_files\//),
			signed_document_url: null,
			recipients: [
				expect.objectContaining({
					id: draft.recipients[0].id,
					first_name: 'Ada',
					email: draft.recipients[0].email,
					signed_at: null,
					declined_at: null,
					decline_reason: null,
				}),
				expect.objectContaining({ id: draft.recipients[1].id }),
			],
			key_mode: 'live',
		});
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
		expect(ctx.sandbox.requests[0].path).toBe(`/signing-requests/${draft.id}`);
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
