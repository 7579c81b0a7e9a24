import { SALES, run, useSandbox } from './fixtures';
import { SECRETS, itRotatesTheSecret } from './secrets.twins';

const ctx = useSandbox();

describe('Webhook → Rotate Signing Secret (Company) (POST /webhooks/rotate-secret)', () => {
	it('a non-protected key is refused by the service (403)', async () => {
		const { error } = await run(ctx, 'rotateWebhookSecret', {}, { liveApiKey: SALES.liveKey });
		expect(error?.message).toBe(
			'Permission denied: Rotating the company webhook secret needs the protected workspace API key [FORBIDDEN]',
		);
		expect(ctx.sandbox.requests).toHaveLength(1);
	});

	itRotatesTheSecret(
		ctx,
		SECRETS.company,
		'rotates the company secret and outputs the new secret, the old one kept 7 days',
	);
});
