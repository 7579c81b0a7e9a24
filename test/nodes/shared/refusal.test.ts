import { describeRefusal, type RefusalContext } from '../../../nodes/shared/refusal';

const NOW = 1_800_000_000;
const trigger: RefusalContext = {
	receiver: 'Document Signing Trigger',
	credentialName: 'Signing',
	scope: 'company',
	nowSeconds: NOW,
};

describe('describeRefusal: what was wrong and what to change', () => {
	it('a signature time ahead of the clock, in minutes', () => {
		const words = describeRefusal(
			{ reason: 'timestamp_out_of_tolerance', timestamp: NOW + 900, toleranceSeconds: 300 },
			trigger,
		);
		expect(words.message).toBe(
			'Document Signing Trigger refused a delivery: its signature time is 15 min ahead of the clock of n8n (Clock Tolerance: 300 s)',
		);
	});

	it('no raw body: says what in front of n8n prevents verification', () => {
		const words = describeRefusal({ reason: 'raw_body_unavailable' }, trigger);
		expect(words.message).toBe(
			'Document Signing Trigger refused a delivery: n8n did not keep the request body exactly as received',
		);
		expect(words.description).toContain('a proxy or body-parsing middleware');
	});

	it("Send and Wait's words name both secrets: its webhook's scope was chosen by the credential's secret", () => {
		const words = describeRefusal(
			{ reason: 'signature_mismatch' },
			{ ...trigger, receiver: 'Send and Wait' },
		);
		expect(words.message).toBe(
			'Send and Wait refused a delivery: its signature does not match the "Webhook Signing Secret" of credential "Signing"',
		);
		expect(words.description).toMatch(
			/^Send and Wait's webhook is company-level or of the request's workspace, whichever the credential's secret verified when the wait began: the service signs deliveries of company-level webhooks with the company's webhook secret .+ and those of a workspace webhook with that workspace's own secret \(Workspace → Get, field webhook_secret\)\. Put the right secret into "Webhook Signing Secret" of credential "Signing"\./,
		);
	});

	it('without a credential name, says "the credential"', () => {
		const words = describeRefusal(
			{ reason: 'missing_secret' },
			{ ...trigger, credentialName: undefined },
		);
		expect(words.message).toBe(
			'Document Signing Trigger refused a delivery: the credential has no "Webhook Signing Secret"',
		);
	});
});
