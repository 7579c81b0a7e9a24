/**
 * The company's email templates and a workspace's own are written, listed and deleted the same way
 * (`/company/email-templates…` and `/workspace/{workspace_id}/email-templates…`): PUT creates (201)
 * or updates (200) with the same checks and warnings, GET lists the owner's own templates only,
 * DELETE removes one (404 when the owner has none of that type). Each operation's spec calls these
 * tests inside its own suite with its owner (`OWNERS.company`, `OWNERS.workspace`); what differs
 * (where a deleted template falls back to, who may write) stays in the spec.
 */
import type { TestContext } from '../../../../kit';
import type { EmailType } from '../../../../sandbox/emailTemplates/store';
import {
	LEGAL,
	SALES,
	emailTemplatesOf,
	onlyRequest,
	runTemplateOp,
	salesWorkspace,
	storeTemplate,
} from './fixtures';

export interface TemplateOwner {
	owner: 'company' | 'workspace';
	/** The owner in the sandbox's store: the workspace's ID, null for the company. */
	storeId: string | null;
	/** The parameters that name the owner. */
	params: Record<string, unknown>;
	/** The path of the owner's templates. */
	base: string;
	update: 'updateCompanyEmailTemplate' | 'updateWorkspaceEmailTemplate';
	list: 'listCompanyEmailTemplates' | 'listWorkspaceEmailTemplates';
	delete: 'deleteCompanyEmailTemplate' | 'deleteWorkspaceEmailTemplate';
}

export const OWNERS = {
	company: {
		owner: 'company',
		storeId: null,
		params: {},
		base: '/company/email-templates',
		update: 'updateCompanyEmailTemplate',
		list: 'listCompanyEmailTemplates',
		delete: 'deleteCompanyEmailTemplate',
	},
	workspace: {
		owner: 'workspace',
		storeId: SALES.id,
		params: salesWorkspace,
		base: `/workspace/${SALES.id}/email-templates`,
		update: 'updateWorkspaceEmailTemplate',
		list: 'listWorkspaceEmailTemplates',
		delete: 'deleteWorkspaceEmailTemplate',
	},
} satisfies Record<string, TemplateOwner>;

/** The owner's stored template of a type, as the sandbox keeps it. */
function storedOf(ctx: TestContext, owner: TemplateOwner, type: EmailType) {
	const store = emailTemplatesOf(ctx.sandbox.state);
	return owner.storeId === null
		? store.company.get(type)
		: store.workspace.get(owner.storeId)?.get(type);
}

const content = {
	subject: 'Please sign {{document_name}}',
	body: '<p>Hi {{recipient_first_name}}, <a href="{{signing_link}}">sign</a></p>',
};

/** Update (PUT): creates, updates, warns, and checks subject and body before sending. */
export function itWritesTheTemplate(ctx: TestContext, owner: TemplateOwner): void {
	const run = (params: Record<string, unknown>) =>
		runTemplateOp(ctx.sandbox, owner.update, { ...owner.params, ...params });

	it(`creates the ${owner.owner} template (201): created true, no warnings`, async () => {
		const { output, error } = await run({ emailType: 'next_signer', ...content });
		expect(error).toBeUndefined();
		expect(onlyRequest(ctx.sandbox)).toMatchObject({
			method: 'PUT',
			path: `${owner.base}/next_signer`,
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
		expect(storedOf(ctx, owner, 'next_signer')?.subject).toBe(content.subject);
	});

	it('updates an existing template (200): created false, same id, with the warnings', async () => {
		const first = await run({ emailType: 'resend_notification', ...content });
		ctx.sandbox.clearRequests();
		const { output } = await run({
			emailType: 'resend_notification',
			subject: 'Again',
			body: '<p>{{unknown_thing}}</p>',
		});
		expect(onlyRequest(ctx.sandbox).status).toBe(200);
		expect(output[0][0].json).toMatchObject({
			id: first.output[0][0].json.id,
			subject: 'Again',
			created: false,
		});
		expect(output[0][0].json.warnings).toEqual([
			expect.stringContaining('{{signing_link}}'),
			expect.stringContaining('{{unknown_thing}}'),
		]);
		expect(storedOf(ctx, owner, 'resend_notification')?.subject).toBe('Again');
	});

	it('outputs the warning about a missing {{signing_link}}', async () => {
		const { output, error } = await run({
			emailType: 'signing_invite',
			subject: 'Sign',
			body: '<p>No link here</p>',
		});
		expect(error).toBeUndefined();
		expect(output[0][0].json.warnings).toEqual([expect.stringContaining('{{signing_link}}')]);
	});

	it.each([
		[{ subject: ' ' }, '"Subject" is empty'],
		[{ subject: '  ' }, '"Subject" is empty'],
		[{ subject: 'x'.repeat(501) }, '"Subject" is too long: 501 characters (at most 500)'],
		[{ body: '  ' }, '"Body (HTML)" is empty'],
		[{ body: 'x'.repeat(50_001) }, '"Body (HTML)" is too long: 50001 characters (at most 50000)'],
	])('refuses %j before sending anything', async (override, message) => {
		const { error } = await run({ emailType: 'signing_invite', ...content, ...override });
		expect(error?.message).toBe(message);
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it('accepts the limits exactly (500 / 50,000 characters)', async () => {
		const body = `{{signing_link}}${'x'.repeat(50_000 - 16)}`;
		const { error } = await run({ emailType: 'signing_invite', subject: 's'.repeat(500), body });
		expect(error).toBeUndefined();
		expect((onlyRequest(ctx.sandbox).body as { body: string }).body).toHaveLength(50_000);
	});
}

/**
 * List (GET): one item per template of the owner, in the order stored, none of another owner's
 * (the company's, another workspace's, a workspace's when listing the company's).
 */
export function itListsTheTemplates(ctx: TestContext, owner: TemplateOwner, name: string): void {
	const run = () => runTemplateOp(ctx.sandbox, owner.list, owner.params);

	it(name, async () => {
		const stored = (
			[
				[null, 'signing_completed', 'All signed', '<p>done</p>'],
				[null, 'signing_expired'],
				[SALES.id, 'signing_invite'],
				[SALES.id, 'signing_completed', 'Done', '<p>done</p>'],
				[LEGAL.id, 'next_signer'],
			] as Array<[string | null, EmailType, string?, string?]>
		).map(([storeId, type, subject, body]) => ({
			storeId,
			record: storeTemplate(ctx.sandbox, storeId, type, subject, body),
		}));
		const { output, error } = await run();
		expect(error).toBeUndefined();
		expect(onlyRequest(ctx.sandbox)).toMatchObject({
			method: 'GET',
			path: owner.base,
			query: {},
			body: undefined,
		});
		const mine = stored.filter((s) => s.storeId === owner.storeId).map((s) => s.record);
		expect(mine).toHaveLength(2);
		expect(output[0].map((i) => i.json)).toEqual(
			mine.map((t) => ({
				id: t.id,
				email_type: t.email_type,
				subject: t.subject,
				body: t.body,
				created_at: t.created_at,
				updated_at: t.updated_at,
				key_mode: 'live',
			})),
		);
	});

	it(`outputs nothing when the ${owner.owner} has no templates of its own`, async () => {
		storeTemplate(ctx.sandbox, owner.storeId === null ? SALES.id : null, 'signing_invite');
		const { output, error } = await run();
		expect(error).toBeUndefined();
		expect(output[0]).toEqual([]);
	});
}

/**
 * Delete (DELETE): one request, the output `{deleted, id, message, email_type}`; `message` says
 * what the owner falls back to, and `fallsBack` checks that in the store. A type the owner has no
 * template of is a 404.
 */
export function itDeletesTheTemplate(
	ctx: TestContext,
	owner: TemplateOwner,
	name: string,
	opts: { message: RegExp; fallsBack: (type: EmailType) => void },
): void {
	const run = (params: Record<string, unknown>) =>
		runTemplateOp(ctx.sandbox, owner.delete, { ...owner.params, ...params });

	it(name, async () => {
		storeTemplate(ctx.sandbox, owner.storeId, 'signing_invite', 'Own subject');
		if (owner.storeId !== null)
			storeTemplate(ctx.sandbox, null, 'signing_invite', 'Company subject');
		const { output, error } = await run({ emailType: 'signing_invite' });
		expect(error).toBeUndefined();
		expect(onlyRequest(ctx.sandbox)).toMatchObject({
			method: 'DELETE',
			path: `${owner.base}/signing_invite`,
			query: {},
			body: undefined,
		});
		expect(output[0][0].json).toEqual({
			deleted: true,
			id: 'signing_invite',
			message: expect.stringMatching(opts.message),
			email_type: 'signing_invite',
			key_mode: 'live',
		});
		expect(storedOf(ctx, owner, 'signing_invite')).toBeUndefined();
		opts.fallsBack('signing_invite');
	});

	it(`reports a type without a ${owner.owner} template as not found`, async () => {
		storeTemplate(ctx.sandbox, owner.storeId === null ? SALES.id : null, 'signing_expired');
		const { error } = await run({ emailType: 'signing_expired' });
		expect((error as { httpCode?: string }).httpCode).toBe('404');
	});
}
