import { SALES, run, useSandbox } from './fixtures';
import { SECRETS, itReadsTheSecretStatus } from './secrets.twins';

const ctx = useSandbox();

describe('Webhook → Get Signing Secret Status (Company) (GET /webhooks/secret-status)', () => {
	itReadsTheSecretStatus(
		ctx,
		SECRETS.company,
		'outputs the status; after a rotation the grace period is active for 7 days',
	);

	it('a non-protected key is refused by the service (403)', async () => {
		const { error } = await run(ctx, 'getWebhookSecretStatus', {}, { liveApiKey: SALES.liveKey });
		expect(error?.message).toBe(
			'Permission denied: The company webhook secret status needs the protected workspace API key [FORBIDDEN]',
		);
	});
});
