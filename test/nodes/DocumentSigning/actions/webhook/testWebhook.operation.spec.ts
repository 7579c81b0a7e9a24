import { createHmac } from 'node:crypto';

import { WEBHOOK_SECRETS } from '../../../../sandbox';
import { Receiver, byId, byList, createWebhookFixture, jsonOf, run, useSandbox } from './fixtures';

const ctx = useSandbox();
let receiver: Receiver;
beforeAll(async () => {
	receiver = await new Receiver().start();
});
afterAll(async () => await receiver.stop());

describe('Webhook → Send Test (POST /webhooks/{id}/test)', () => {
	it('delivers a signed webhook.test event now, even with the master switch off, and outputs the result', async () => {
		const hook = await createWebhookFixture(ctx.sandbox, { url: receiver.url });
		ctx.sandbox.webhooks.setCompanyMasterSwitch(false);
		try {
			const { output, error } = await run(ctx, 'testWebhook', { webhookId: byId(String(hook.id)) });
			expect(error).toBeUndefined();
			expect(ctx.sandbox.requests).toHaveLength(1);
			expect(ctx.sandbox.requests[0]).toMatchObject({
				method: 'POST',
				path: `/webhooks/${String(hook.id)}/test`,
			});
			const [result] = jsonOf(output);
			expect(result).toMatchObject({
				webhook_id: hook.id,
				success: true,
				status_code: 200,
				key_mode: 'live',
			});
			expect(typeof result.webhook_event_id).toBe('string');
			expect((result.headers_sent as Record<string, string>)['X-Service-Event']).toBe(
				'webhook.test',
			);
		} finally {
			ctx.sandbox.webhooks.setCompanyMasterSwitch(true);
		}
		expect(receiver.received).toHaveLength(1);
		const delivery = receiver.received[0];
		expect(delivery.headers['x-service-event']).toBe('webhook.test');
		const [t, v1] = String(delivery.headers['x-service-signature'])
			.split(',')
			.map((part) => part.split('=')[1]);
		expect(v1).toBe(
			createHmac('sha256', WEBHOOK_SECRETS.company).update(`${t}.${delivery.body}`).digest('hex'),
		);
	});

	it('reports a failing endpoint as success: false (not as a node error)', async () => {
		receiver.status = 500;
		try {
			const hook = await createWebhookFixture(ctx.sandbox, { url: receiver.url });
			const { output, error } = await run(ctx, 'testWebhook', { webhookId: byId(String(hook.id)) });
			expect(error).toBeUndefined();
			expect(jsonOf(output)[0]).toMatchObject({ success: false, status_code: 500 });
		} finally {
			receiver.status = 200;
		}
	});

	it('refuses a malformed ID before sending anything', async () => {
		const { error } = await run(ctx, 'testWebhook', { webhookId: byList('123') });
		expect(error?.message).toBe('"Webhook" is not a valid ID: "123"');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});
