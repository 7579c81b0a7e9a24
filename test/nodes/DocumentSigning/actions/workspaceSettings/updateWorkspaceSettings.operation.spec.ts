import { SALES, api, byId, byList, jsonOf, run, sent, useSandbox } from '../company/companyKit';

const ctx = useSandbox();

const update = (settings: Record<string, unknown>, workspaceId = byId(SALES.id)) =>
	run(ctx, 'workspaceSettings', 'updateWorkspaceSettings', { workspaceId, settings });

describe('Workspace Setting → Update (PUT /workspace/{workspace_id}/settings)', () => {
	it('sends only the settings added; Inherit/On/Off become null/true/false', async () => {
		const { output, error } = await update({
			require_otp_verification: 'on',
			show_qr_code: 'off',
			show_signature_frame: 'inherit',
			color_background: '#FFFFFF',
			email_local_part: 'contracts.eu',
			signing_button_label_overrides:
				'{"en": {"finish": "Approve"}, "de": {"finish": "Freigeben"}}',
			team_email: 'sales@acme.example',
			timezone: 'America/New_York',
			language: 'es',
			show_credit_cost_in_editor: false,
			signing_request_email_header: 'Please sign',
			signing_request_email_body: '<p>Hello</p>',
			completion_redirect_url: 'https://acme.example/sales-done',
			completion_redirect_delay: 10,
		});
		expect(error).toBeUndefined();
		expect(sent(ctx)).toHaveLength(1);
		expect(sent(ctx)[0]).toMatchObject({
			method: 'PUT',
			path: `/workspace/${SALES.id}/settings`,
			query: {},
			status: 200,
		});
		expect(sent(ctx)[0].body).toEqual({
			require_otp_verification: true,
			show_qr_code: false,
			show_signature_frame: null,
			color_background: '#FFFFFF',
			email_local_part: 'contracts.eu',
			signing_button_label_overrides: { en: { finish: 'Approve' }, de: { finish: 'Freigeben' } },
			team_email: 'sales@acme.example',
			timezone: 'America/New_York',
			language: 'es',
			show_credit_cost_in_editor: false,
			signing_request_email_header: 'Please sign',
			signing_request_email_body: '<p>Hello</p>',
			completion_redirect_url: 'https://acme.example/sales-done',
			completion_redirect_delay: 10,
		});
		expect(jsonOf(output)[0]).toMatchObject({
			workspace_id: SALES.id,
			require_otp_verification: true,
			show_qr_code: false,
			show_signature_frame: null,
			signing_button_label_overrides: { en: { finish: 'Approve' } },
			key_mode: 'live',
		});
	});

	it('"Reset" sends null so the company value applies again', async () => {
		await api(ctx.sandbox, 'PUT', `/workspace/${SALES.id}/settings`, {
			color_primary: '#123456',
			completion_title: 'Bye',
			email_local_part: 'x',
		});
		ctx.sandbox.clearRequests();
		const { output, error } = await update({
			reset: [
				'color_primary',
				'completion_title',
				'email_local_part',
				'signing_button_label_overrides',
			],
		});
		expect(error).toBeUndefined();
		expect(sent(ctx)[0].body).toEqual({
			color_primary: null,
			completion_title: null,
			email_local_part: null,
			signing_button_label_overrides: null,
		});
		expect(jsonOf(output)[0]).toMatchObject({
			color_primary: null,
			completion_title: null,
			email_local_part: null,
		});
	});

	describe('refuses bad input before sending', () => {
		const cases: Array<[string, Record<string, unknown>, string]> = [
			['nothing to change', {}, 'Add at least one setting to change in "Settings"'],
			[
				'an email local part with capitals',
				{ email_local_part: 'Sales' },
				'"Email Local Part" is not valid: "Sales"',
			],
			[
				'an email local part ending in a dot',
				{ email_local_part: 'sales.' },
				'"Email Local Part" is not valid: "sales."',
			],
			[
				'an email local part over 64 characters',
				{ email_local_part: 'a'.repeat(65) },
				`"Email Local Part" is not valid: "${'a'.repeat(65)}"`,
			],
			[
				'a bad colour',
				{ color_border: '#12345G' },
				'"Border Colour" must be a colour like #1A2B3C, not "#12345G"',
			],
			[
				'invalid label JSON',
				{ signing_button_label_overrides: '{"en": ' },
				'"Signing Button Labels (JSON)" is not valid JSON',
			],
			[
				'labels for an unknown language',
				{ signing_button_label_overrides: '{"xx": {"finish": "Go"}}' },
				'"Signing Button Labels (JSON)": "xx" is not a language of the service',
			],
			[
				'labels that are not texts',
				{ signing_button_label_overrides: '{"en": {"finish": 1}}' },
				'"Signing Button Labels (JSON)": "en" must be an object of texts, e.g. {"finish": "Approve"}',
			],
			[
				'a bad team email',
				{ team_email: 'sales' },
				'"Team Email" is not a valid email address: "sales"',
			],
			[
				'an http redirect',
				{ completion_redirect_url: 'http://acme.example' },
				'"Completion Redirect URL" must be an https:// address',
			],
		];
		it.each(cases)('%s', async (_name, settings, message) => {
			const { error } = await update(settings);
			expect(error?.message).toBe(message);
			expect(sent(ctx)).toHaveLength(0);
		});

		it('a malformed workspace ID', async () => {
			const { error } = await update({ language: 'en' }, byList('nope'));
			expect(error?.message).toBe('"Workspace" is not a valid ID: "nope"');
			expect(sent(ctx)).toHaveLength(0);
		});
	});
});
