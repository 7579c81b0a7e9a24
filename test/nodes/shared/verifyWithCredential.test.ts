import type { IWebhookFunctions } from 'n8n-workflow';

import {
	forgetSecrets,
	SECRET_REUSE_MS,
	verifyWithCredential,
} from '../../../nodes/shared/verifyWithCredential';
import { OTHER_SECRET, SECRET, sign } from '../DocumentSigningTrigger/support';

/**
 * The parts of a webhook context the secret lookup uses, one per delivery as in n8n (a context
 * reads its credential at most once); counts the credential reads.
 */
function trigger(credential: { webhookSigningSecret?: string }, node = 'node-1') {
	const reads: string[] = [];
	const delivery = () =>
		({
			getNode: () => ({
				id: node,
				name: 'Document Signing Trigger',
				credentials: { documentSigningApi: { id: 'cred-1', name: 'API' } },
			}),
			getWorkflow: () => ({ id: 'wf-1' }),
			getMode: () => 'webhook',
			getCredentials: async (type: string) => {
				reads.push(type);
				return { baseUrl: 'https://api.example.test', ...credential };
			},
		}) as unknown as IWebhookFunctions;
	return { delivery, reads };
}

const BODY = '{"id":"evt_1","type":"signing_request.completed"}';
const raw = Buffer.from(BODY);
const headers = (secret: string) => ({ 'x-service-signature': sign(BODY, secret) });

let now = 1_800_000_000_000;
beforeEach(() => {
	forgetSecrets();
	jest.spyOn(Date, 'now').mockImplementation(() => now);
});
afterEach(() => jest.restoreAllMocks());

describe('verifyWithCredential', () => {
	it('reads the credential once for a burst of deliveries, and again after SECRET_REUSE_MS', async () => {
		const { delivery, reads } = trigger({ webhookSigningSecret: SECRET });
		for (let i = 0; i < 5; i++) {
			expect(await verifyWithCredential(delivery(), headers(SECRET), raw, 300)).toMatchObject({
				valid: true,
			});
		}
		expect(reads).toEqual(['documentSigningApi']);
		now += SECRET_REUSE_MS;
		expect(await verifyWithCredential(delivery(), headers(SECRET), raw, 300)).toMatchObject({
			valid: true,
		});
		expect(reads).toHaveLength(2);
	});

	it('a delivery the remembered secret does not verify is checked with a fresh read (a new secret works at once)', async () => {
		const credential = { webhookSigningSecret: SECRET };
		const { delivery, reads } = trigger(credential);
		expect(await verifyWithCredential(delivery(), headers(SECRET), raw, 300)).toMatchObject({
			valid: true,
		});
		credential.webhookSigningSecret = OTHER_SECRET;
		expect(await verifyWithCredential(delivery(), headers(OTHER_SECRET), raw, 300)).toMatchObject({
			valid: true,
		});
		expect(reads).toHaveLength(2);
		// the old secret is refused as soon as the fresh read no longer holds it
		expect(await verifyWithCredential(delivery(), headers(SECRET), raw, 300)).toMatchObject({
			valid: false,
			reason: 'signature_mismatch',
		});
		expect(reads).toHaveLength(3);
	});

	it('a secret removed from the credential is refused at the latest SECRET_REUSE_MS after its last read', async () => {
		const credential = { webhookSigningSecret: SECRET };
		const { delivery } = trigger(credential);
		expect(await verifyWithCredential(delivery(), headers(SECRET), raw, 300)).toMatchObject({
			valid: true,
		});
		credential.webhookSigningSecret = '';
		now += SECRET_REUSE_MS;
		expect(await verifyWithCredential(delivery(), headers(SECRET), raw, 300)).toMatchObject({
			valid: false,
			reason: 'missing_secret',
		});
	});

	it('forged deliveries are refused, each after a fresh read', async () => {
		const { delivery, reads } = trigger({ webhookSigningSecret: SECRET });
		expect(await verifyWithCredential(delivery(), headers(SECRET), raw, 300)).toMatchObject({
			valid: true,
		});
		for (let i = 0; i < 3; i++) {
			expect(await verifyWithCredential(delivery(), headers(OTHER_SECRET), raw, 300)).toMatchObject(
				{
					valid: false,
				},
			);
		}
		expect(reads).toHaveLength(4);
	});

	it('keeps one secret per trigger', async () => {
		const a = trigger({ webhookSigningSecret: SECRET }, 'node-a');
		const b = trigger({ webhookSigningSecret: OTHER_SECRET }, 'node-b');
		expect(await verifyWithCredential(a.delivery(), headers(SECRET), raw, 300)).toMatchObject({
			valid: true,
		});
		expect(await verifyWithCredential(b.delivery(), headers(SECRET), raw, 300)).toMatchObject({
			valid: false,
		});
		expect(await verifyWithCredential(b.delivery(), headers(OTHER_SECRET), raw, 300)).toMatchObject(
			{
				valid: true,
			},
		);
	});
});
