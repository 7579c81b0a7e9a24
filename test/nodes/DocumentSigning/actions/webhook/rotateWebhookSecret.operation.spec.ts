import { DocumentSigning } from '../../../../../nodes/DocumentSigning/DocumentSigning.node';
import { SALES, jsonOf, run, useSandbox } from './setup';

const ctx = useSandbox();

describe('Webhook → Rotate Company Secret (POST /webhooks/rotate-secret)', () => {
	it('a non-protected key is refused by the service (403)', async () => {
		const { error } = await run(ctx, 'rotateWebhookSecret', {}, { liveApiKey: SALES.liveKey });
		expect(error?.message).toBe(
			'Permission denied: Rotating the company webhook secret needs the protected workspace API key [FORBIDDEN]',
		);
		expect(ctx.sandbox.requests).toHaveLength(1);
	});

	it('rotates the company secret and outputs the new secret, the old one kept 7 days', async () => {
		const before = ctx.sandbox.webhooks.secretOf('company')?.current;
		const { output, error } = await run(ctx, 'rotateWebhookSecret', {});
		expect(error).toBeUndefined();
		expect(ctx.sandbox.requests).toHaveLength(1);
		expect(ctx.sandbox.requests[0]).toMatchObject({
			method: 'POST',
			path: '/webhooks/rotate-secret',
		});
		const [result] = jsonOf(output);
		expect(result).toMatchObject({ scope: 'company', grace_period_hours: 168, key_mode: 'live' });
		expect(result.new_secret).toMatch(/^[0-9a-f]{64}$/);
		expect(result.new_secret).not.toBe(before);
		expect(ctx.sandbox.webhooks.secretOf('company')?.current).toBe(result.new_secret);
		const graceMs =
			Date.parse(String(result.old_secret_expires_at)) - Date.parse(String(result.rotated_at));
		expect(graceMs).toBe(7 * 24 * 3600 * 1000);
	});

	it('tells the user to copy the new secret into the credential', () => {
		const notice = new DocumentSigning().description.properties.find(
			(p) => p.name === 'rotateCompanyNotice',
		);
		expect(notice?.type).toBe('notice');
		expect(notice?.displayName).toContain(
			'"Webhook Signing Secret" of your Document Signing credential',
		);
		expect(notice?.displayOptions?.show).toEqual({ operation: ['rotateWebhookSecret'] });
	});
});
