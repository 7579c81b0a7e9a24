import {
	SALES,
	clearTemplates,
	emailTemplatesOf,
	onlyRequest,
	runTemplateOp,
	salesWorkspace,
	useSandbox,
} from './kit';

const ctx = useSandbox();
const run = (params: Record<string, unknown> = {}, opts?: Parameters<typeof runTemplateOp>[3]) =>
	runTemplateOp(ctx.sandbox, 'updateWorkspaceEmailTemplate', params, opts);
beforeEach(() => clearTemplates(ctx.sandbox));

const content = {
	subject: 'Please sign {{document_name}}',
	body: '<p>Hi {{recipient_first_name}}, <a href="{{signing_link}}">sign</a></p>',
};

describe('Email Template → updateWorkspaceEmailTemplate (PUT /workspace/{workspace_id}/email-templates/{email_type})', () => {
	it('creates the template (201): created true, no warnings', async () => {
		const { output, error } = await run({
			...salesWorkspace,
			emailType: 'next_signer',
			...content,
		});
		expect(error).toBeUndefined();
		expect(onlyRequest(ctx.sandbox)).toMatchObject({
			method: 'PUT',
			path: `/workspace/${SALES.id}/email-templates/next_signer`,
			query: {},
			body: content,
			status: 201,
		});
		expect(output[0][0].json).toMatchObject({
			email_type: 'next_signer',
			...content,
			created: true,
			warnings: [],
			key_mode: 'live',
		});
		expect(
			emailTemplatesOf(ctx.sandbox.state).workspace.get(SALES.id)?.get('next_signer')?.subject,
		).toBe(content.subject);
	});

	it('updates an existing template (200): created false, same id', async () => {
		const first = await run({ ...salesWorkspace, emailType: 'signing_invite', ...content });
		ctx.sandbox.clearRequests();
		const { output } = await run({
			...salesWorkspace,
			emailType: 'signing_invite',
			subject: 'New',
			body: content.body,
		});
		expect(onlyRequest(ctx.sandbox).status).toBe(200);
		expect(output[0][0].json).toMatchObject({
			id: first.output[0][0].json.id,
			subject: 'New',
			created: false,
		});
	});

	it('outputs the warning about a missing {{signing_link}}', async () => {
		const { output, error } = await run({
			...salesWorkspace,
			emailType: 'signing_invite',
			subject: 'Sign',
			body: '<p>No link here</p>',
		});
		expect(error).toBeUndefined();
		expect(output[0][0].json.warnings).toEqual([expect.stringContaining('{{signing_link}}')]);
	});

	it.each([
		[{ subject: '  ' }, '"Subject" is empty'],
		[{ subject: 'x'.repeat(501) }, '"Subject" is too long: 501 characters (at most 500)'],
		[{ body: '  ' }, '"Body (HTML)" is empty'],
		[{ body: 'x'.repeat(50_001) }, '"Body (HTML)" is too long: 50001 characters (at most 50000)'],
	])('refuses %j before sending anything', async (override, message) => {
		const { error } = await run({
			...salesWorkspace,
			emailType: 'signing_invite',
			...content,
			...override,
		});
		expect(error?.message).toBe(message);
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it('accepts the limits exactly (500 / 50,000 characters)', async () => {
		const body = `{{signing_link}}${'x'.repeat(50_000 - 16)}`;
		const { error } = await run({
			...salesWorkspace,
			emailType: 'signing_invite',
			subject: 's'.repeat(500),
			body,
		});
		expect(error).toBeUndefined();
		expect((onlyRequest(ctx.sandbox).body as { body: string }).body).toHaveLength(50_000);
	});
});
