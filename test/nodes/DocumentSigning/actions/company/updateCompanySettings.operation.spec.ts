import { api, jsonOf, run, sent, useSandbox } from './companyKit';

const ctx = useSandbox();

const update = (settings: Record<string, unknown>) =>
	run(ctx, 'company', 'updateCompanySettings', { settings });

describe('Company → Update Settings (PUT /company/settings)', () => {
	it('sends only the settings added (colours, completion page, booleans, time zone) and outputs the result', async () => {
		const { output, error } = await update({
			default_expiration_hours: 72,
			require_otp_verification: true,
			show_signature_frame: false,
			show_qr_code: true,
			color_primary: '#1A2B3C',
			color_muted_fg: ' #abcdef ',
			completion_title: ' Thanks! ',
			completion_message: 'All done',
			completion_redirect_url: 'https://acme.example/done',
			completion_redirect_delay: 0,
			default_timezone: 'Europe/Berlin',
			language: 'it',
			email_local_part: 'contracts',
		});
		expect(error).toBeUndefined();
		expect(sent(ctx)).toHaveLength(1);
		expect(sent(ctx)[0]).toMatchObject({
			method: 'PUT',
			path: '/company/settings',
			query: {},
			status: 200,
		});
		expect(sent(ctx)[0].body).toEqual({
			default_expiration_hours: 72,
			require_otp_verification: true,
			show_signature_frame: false,
			show_qr_code: true,
			color_primary: '#1A2B3C',
			color_muted_fg: '#abcdef',
			completion_title: 'Thanks!',
			completion_message: 'All done',
			completion_redirect_url: 'https://acme.example/done',
			completion_redirect_delay: 0,
			default_timezone: 'Europe/Berlin',
			language: 'it',
			email_local_part: 'contracts',
		});
		expect(jsonOf(output)[0]).toMatchObject({
			default_expiration_hours: 72,
			color_primary: '#1A2B3C',
			default_timezone: 'Europe/Berlin',
			require_terms_acceptance: false,
			key_mode: 'live',
		});
	});

	it('"Reset" sends null: colours cleared, completion settings cleared, time zone back to UTC', async () => {
		await api(ctx.sandbox, 'PUT', '/company/settings', {
			color_accent: '#000000',
			completion_title: 'Done',
			default_timezone: 'Asia/Tokyo',
		});
		ctx.sandbox.clearRequests();
		const { output, error } = await update({
			reset: ['color_accent', 'completion_title', 'default_timezone'],
		});
		expect(error).toBeUndefined();
		expect(sent(ctx)[0].body).toEqual({
			color_accent: null,
			completion_title: null,
			default_timezone: null,
		});
		expect(jsonOf(output)[0]).toMatchObject({
			color_accent: null,
			completion_title: null,
			default_timezone: 'UTC',
		});
	});

	describe('refuses bad input before sending', () => {
		const cases: Array<[string, Record<string, unknown>, string]> = [
			['nothing to change', {}, 'Add at least one setting to change in "Settings"'],
			[
				'a colour that is not #RRGGBB',
				{ color_card: 'red' },
				'"Card Colour" must be a colour like #1A2B3C, not "red"',
			],
			[
				'a short colour',
				{ color_primary: '#abc' },
				'"Primary Colour" must be a colour like #1A2B3C, not "#abc"',
			],
			[
				'an http redirect',
				{ completion_redirect_url: 'http://acme.example' },
				'"Completion Redirect URL" must be an https:// address',
			],
			[
				'a delay over 30',
				{ completion_redirect_delay: 31 },
				'"Completion Redirect Delay (Seconds)" must be a whole number from 0 to 30',
			],
			[
				'a title over 200 characters',
				{ completion_title: 't'.repeat(201) },
				'"Completion Title" is 201 characters long; the service accepts at most 200',
			],
			[
				'a message over 1000 characters',
				{ completion_message: 'm'.repeat(1001) },
				'"Completion Message" is 1001 characters long; the service accepts at most 1000',
			],
			[
				'a time zone that is not a name',
				{ default_timezone: 'GMT +2' },
				'"Default Time Zone" is not a time zone name: "GMT +2"',
			],
			[
				'zero expiration hours',
				{ default_expiration_hours: 0 },
				'"Default Expiration Hours" must be a whole number of at least 1',
			],
			[
				'a setting both set and reset',
				{ color_card: '#000000', reset: ['color_card'] },
				'"Card Colour" is both set and reset',
			],
		];
		it.each(cases)('%s', async (_name, settings, message) => {
			const { error } = await update(settings);
			expect(error?.message).toBe(message);
			expect(sent(ctx)).toHaveLength(0);
		});
	});

	it('an unknown time zone passes the format check and is refused by the service with its field message', async () => {
		const { error } = await update({ default_timezone: 'Mars/Olympus' });
		expect(sent(ctx)).toHaveLength(1);
		expect(error?.message).toMatch(/^The service rejected the request/);
		expect((error as { description?: string }).description).toContain('default_timezone');
	});
});
