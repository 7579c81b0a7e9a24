import { SIGNING_REQUEST_KEYS } from '../../../../../nodes/shared/signingRequest';
import { signingStoreOf } from '../../../../sandbox/signing/models';
import {
	SEED,
	SALES,
	api,
	byId,
	createTemplateFixture,
	credentials,
	run,
	useSandbox,
	withoutReadBacks,
} from './fixtures';
import type { TemplateFixture } from './fixtures';
import { COPIES, itChecksTheCopy } from './templateCopies.twins';

const ctx = useSandbox();
let fixture: TemplateFixture;
beforeAll(async () => {
	fixture = await createTemplateFixture(ctx.sandbox);
});

const duplicate = (parameters: Record<string, unknown>, extra = {}) =>
	run(ctx, 'template', 'duplicateTemplate', { templateId: byId(fixture.id), ...parameters }, extra);

describe('Template → Create Draft Signing Request (POST /templates/{id}/duplicate)', () => {
	it('creates a draft signing request; the item IS the signing request, in the one shape', async () => {
		const { output, error } = await duplicate({ name: 'NDA for Bob' });
		expect(error).toBeUndefined();
		expect(withoutReadBacks(ctx.sandbox)).toHaveLength(1);
		expect(withoutReadBacks(ctx.sandbox)[0]).toMatchObject({
			method: 'POST',
			path: `/templates/${fixture.id}/duplicate`,
			query: {},
			status: 201,
		});
		expect(withoutReadBacks(ctx.sandbox)[0].body).toEqual({ name: 'NDA for Bob' });

		expect(output[0]).toHaveLength(1);
		const json = output[0][0].json;
		expect(json.signing_request).toBeUndefined();
		expect(Object.keys(json)).toEqual([...SIGNING_REQUEST_KEYS, 'key_mode']);
		expect(json).toMatchObject({
			id: expect.any(String),
			name: 'NDA for Bob',
			template_id: fixture.id,
			// service-api.md's duplicated signing request has no status: it is a draft at the service.
			status: 'draft',
			sent_at: null,
			created_at: expect.any(String),
			// Not in this answer: read back once per run (the new request's detail).
			workspace_id: SEED.protectedWorkspace.id,
			key_mode: 'live',
		});
		expect(ctx.sandbox.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			`POST /templates/${fixture.id}/duplicate`,
			`GET /signing-requests/${String(json.id)}`,
		]);
		// The new signing request exists, with the template's users and fields copied.
		const request = signingStoreOf(ctx.sandbox.state).getSigningRequest(String(json.id));
		expect(request).toBeDefined();
		expect(request?.template_id).toBe(fixture.id);
		expect(request?.recipients.map((r) => [r.email, r.designation, r.order])).toEqual([
			['signer@example.com', 'Signer', 1],
			['approver@example.com', 'Approver', 2],
		]);
		expect(request?.fields).toHaveLength(2);
		const emailOf = (id: string | null) => request?.recipients.find((r) => r.id === id)?.email;
		expect(request?.fields.map((f) => emailOf(f.recipient_id)).sort()).toEqual([
			'approver@example.com',
			'signer@example.com',
		]);
		expect(request?.reminders).toHaveLength(1);
		// …and the API serves it like any other signing request.
		const served = await api<{ results: unknown[] }>(
			ctx.sandbox,
			'GET',
			`/signing-requests/${String(json.id)}/users`,
		);
		expect(served.status).toBe(200);
		expect(served.body.results).toHaveLength(2);
	});

	it('Simplify off: the signing request as the service answers it, plus the message', async () => {
		const { output, error } = await duplicate({ name: 'NDA raw', simplify: false });
		expect(error).toBeUndefined();
		const json = output[0][0].json;
		expect(json).toMatchObject({
			id: expect.any(String),
			name: 'NDA raw',
			template_id: fixture.id,
			message: expect.any(String),
			key_mode: 'live',
		});
		expect(json.status).toBeUndefined();
		expect(json.date_created).toEqual(expect.any(String));
	});

	it("without a name, sends no body and the request takes the template's name", async () => {
		const { output, error } = await duplicate({});
		expect(error).toBeUndefined();
		expect(withoutReadBacks(ctx.sandbox)[0]).toMatchObject({
			method: 'POST',
			path: `/templates/${fixture.id}/duplicate`,
			rawBody: '',
		});
		expect(output[0][0].json.name).toBe('NDA');
	});

	it("another workspace's key is refused (mapped 403)", async () => {
		const { error } = await duplicate(
			{},
			{ credentials: credentials(ctx.sandbox, { liveApiKey: SALES.liveKey }) },
		);
		expect(withoutReadBacks(ctx.sandbox)).toHaveLength(1);
		expect(error?.message).toMatch(/^Permission denied/);
	});

	itChecksTheCopy(ctx, COPIES.duplicate, () => fixture.id);
});
