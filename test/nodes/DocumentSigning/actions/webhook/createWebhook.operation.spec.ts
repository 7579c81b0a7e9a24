import { SALES, byId, jsonOf, run, useSandbox } from './fixtures';

const ctx = useSandbox();

describe('Webhook → Create (POST /webhooks)', () => {
	it('sends url, events (listed plus additional), workspace, description and enabled', async () => {
		const { output, error } = await run(ctx, 'createWebhook', {
			url: ' https://hooks.example.com/signing ',
			events: ['signing_request.completed', 'template.used'],
			additionalEvents: 'signing_request.recipient.added, template.used',
			scope: 'workspace',
			workspaceId: byId(SALES.id),
			additionalFields: { description: 'CRM sync', enabled: false },
		});
		expect(error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		expect(ctx.sandbox.requests[0]).toMatchObject({
			method: 'POST',
			path: '/webhooks',
			body: {
				url: 'https://hooks.example.com/signing',
				events: ['signing_request.completed', 'template.used', 'signing_request.recipient.added'],
				workspace_id: SALES.id,
				description: 'CRM sync',
				enabled: false,
			},
		});
		const [webhook] = jsonOf(output);
		// The Webhook answer does not name its scope; the sandbox's record shows it.
		expect(webhook).toMatchObject({
			url: 'https://hooks.example.com/signing',
			enabled: false,
			description: 'CRM sync',
			consecutive_failures: 0,
			key_mode: 'live',
		});
		expect(typeof webhook.id).toBe('string');
		expect(ctx.sandbox.webhooks.records.find((w) => w.id === webhook.id)?.workspace_id).toBe(
			SALES.id,
		);
	});

	it('Scope "Company (All Workspaces)" sends no workspace_id; unset options are left out', async () => {
		const { output, error } = await run(ctx, 'createWebhook', {
			url: 'https://hooks.example.com/company',
			events: ['workspace.created'],
			scope: 'company',
		});
		expect(error).toBeUndefined();
		expect(ctx.sandbox.requests[0].body).toEqual({
			url: 'https://hooks.example.com/company',
			events: ['workspace.created'],
		});
		const [webhook] = jsonOf(output);
		expect(webhook).toMatchObject({ enabled: true });
		expect(ctx.sandbox.webhooks.records.find((w) => w.id === webhook.id)?.workspace_id).toBeNull();
	});

	it.each([
		[{ url: 'http://hooks.example.com/x' }, '"URL" must use HTTPS: http://hooks.example.com/x'],
		[{ url: 'not a url' }, '"URL" is not a valid URL: "not a url"'],
		[{ url: '   ' }, '"URL" is empty'],
		[
			{ events: [] },
			'The \'Document Signing\' node has issues:\n- Parameter "Event Names or IDs" is required.',
		],
		[
			{ events: '={{ [] }}' },
			'"Event Names or IDs" is empty: its expression resolved to an empty list (item 0)',
		],
		[{ additionalEvents: 'Bad Name!' }, '"Bad" is not an event name'],
		[{ additionalEvents: 'webhook.test' }, 'webhook.test cannot be subscribed to'],
		[
			{ additionalFields: { description: 'x'.repeat(501) } },
			'"Description" is 501 characters long; at most 500 are allowed',
		],
		[
			{ scope: 'workspace', workspaceId: { __rl: true, mode: 'list', value: 'sales' } },
			'"Workspace" is not a valid ID: "sales"',
		],
	])('refuses bad input before sending anything: %j', async (override, message) => {
		const { error } = await run(ctx, 'createWebhook', {
			url: 'https://hooks.example.com/ok',
			events: ['signing_request.completed'],
			scope: 'company',
			...override,
		});
		expect(error?.message).toBe(message);
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it('accepts plain http to localhost (local tests)', async () => {
		const { error } = await run(ctx, 'createWebhook', {
			url: 'http://localhost:5678/webhook/abc',
			events: ['signing_request.completed'],
			scope: 'company',
		});
		expect(error).toBeUndefined();
		expect(ctx.sandbox.requests[0].body).toMatchObject({
			url: 'http://localhost:5678/webhook/abc',
		});
	});

	it('a company-level webhook with a non-protected key is refused by the service (403)', async () => {
		const { error } = await run(
			ctx,
			'createWebhook',
			{
				url: 'https://hooks.example.com/x',
				events: ['signing_request.completed'],
				scope: 'company',
			},
			{ liveApiKey: SALES.liveKey },
		);
		expect(error?.message).toBe(
			'Permission denied: Company-level webhooks need the protected workspace API key [FORBIDDEN]',
		);
		expect(ctx.sandbox.requests).toHaveLength(1);
	});
});
