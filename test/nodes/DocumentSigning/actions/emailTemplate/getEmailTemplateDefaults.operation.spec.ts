import { onlyRequest, runTemplateOp, useSandbox } from './fixtures';

const ctx = useSandbox();
const run = (params: Record<string, unknown> = {}) =>
	runTemplateOp(ctx.sandbox, 'getEmailTemplateDefaults', params);

const TYPES = [
	'signing_invite',
	'next_signer',
	'resend_notification',
	'signing_expired',
	'signing_cancelled',
	'signing_declined',
	'signing_declined_admin',
	'signing_completed',
	'signer_identity_changed',
];

describe('Email Template → getEmailTemplateDefaults (GET /email-templates/defaults/{language})', () => {
	it('outputs one item with the defaults of all 9 types in the language', async () => {
		const { output, error } = await run({ language: 'de' });
		expect(error).toBeUndefined();
		expect(onlyRequest(ctx.sandbox)).toMatchObject({
			method: 'GET',
			path: '/email-templates/defaults/de',
			query: {},
			body: undefined,
		});
		expect(output[0]).toHaveLength(1);
		const json = output[0][0].json as {
			language: string;
			templates: Record<string, { subject: string; body: string }>;
			key_mode: string;
		};
		expect(json.language).toBe('de');
		expect(json.key_mode).toBe('live');
		expect(Object.keys(json.templates).sort()).toEqual([...TYPES].sort());
		expect(json.templates.signing_invite.body).toContain('{{signing_link}}');
		expect(json.templates.signing_invite.body).toContain('lang="de"');
	});

	it('splits into one item per email type', async () => {
		const { output } = await run({ language: 'en', splitIntoItems: true });
		expect(output[0].map((i) => i.json.email_type)).toEqual(TYPES);
		expect(output[0][0].json).toEqual({
			language: 'en',
			email_type: 'signing_invite',
			subject: expect.any(String),
			body: expect.any(String),
			key_mode: 'live',
		});
	});

	it('refuses a language outside the 15 before sending anything', async () => {
		const { error } = await run({ language: 'ja' });
		expect(error?.message).toBe('"Language" is not a supported language: "ja"');
		expect(ctx.sandbox.requests).toHaveLength(0);
	});
});
