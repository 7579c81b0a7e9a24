import { sent, useSandbox } from './fixtures';
import {
	SETTINGS,
	describeSettingsChecks,
	itResetsTheSettings,
	itSendsTheSettings,
	updateSettings,
} from './settings.twins';

const ctx = useSandbox();

describe('Company → Update Settings (PUT /company/settings)', () => {
	itSendsTheSettings(
		ctx,
		SETTINGS.company,
		'sends only the settings added (colours, completion page, booleans, time zone) and outputs the result',
		{
			settings: {
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
			},
			body: {
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
			},
			output: {
				default_expiration_hours: 72,
				color_primary: '#1A2B3C',
				default_timezone: 'Europe/Berlin',
				require_terms_acceptance: false,
			},
		},
	);

	itResetsTheSettings(
		ctx,
		SETTINGS.company,
		'"Reset" sends null: colours cleared, completion settings cleared, time zone back to UTC',
		{
			seed: { color_accent: '#000000', completion_title: 'Done', default_timezone: 'Asia/Tokyo' },
			reset: ['color_accent', 'completion_title', 'default_timezone'],
			output: { color_accent: null, completion_title: null, default_timezone: 'UTC' },
		},
	);

	describeSettingsChecks(ctx, SETTINGS.company, [
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
	]);

	it('an unknown time zone passes the format check and is refused by the service with its field message', async () => {
		const { error } = await updateSettings(ctx, SETTINGS.company, {
			default_timezone: 'Mars/Olympus',
		});
		expect(sent(ctx)).toHaveLength(1);
		expect(error?.message).toMatch(/^The service rejected the request/);
		expect((error as { description?: string }).description).toContain('default_timezone');
	});
});
