import { SALES, byList, sent, useSandbox } from '../company/fixtures';
import {
	SETTINGS,
	describeSettingsChecks,
	itResetsTheSettings,
	itSendsTheSettings,
	updateSettings,
} from '../company/settings.twins';

const ctx = useSandbox();

describe('Workspace Setting → Update (PUT /workspace/{workspace_id}/settings)', () => {
	itSendsTheSettings(
		ctx,
		SETTINGS.workspace,
		'sends only the settings added; Inherit/On/Off become null/true/false',
		{
			settings: {
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
			},
			body: {
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
			},
			output: {
				workspace_id: SALES.id,
				require_otp_verification: true,
				show_qr_code: false,
				show_signature_frame: null,
				signing_button_label_overrides: { en: { finish: 'Approve' } },
			},
		},
	);

	itResetsTheSettings(
		ctx,
		SETTINGS.workspace,
		'"Reset" sends null so the company value applies again',
		{
			seed: { color_primary: '#123456', completion_title: 'Bye', email_local_part: 'x' },
			reset: [
				'color_primary',
				'completion_title',
				'email_local_part',
				'signing_button_label_overrides',
			],
			output: { color_primary: null, completion_title: null, email_local_part: null },
		},
	);

	describeSettingsChecks(
		ctx,
		SETTINGS.workspace,
		[
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
				'invalid label JSON',
				{ signing_button_label_overrides: '{"en": ' },
				'"Button Labels (JSON)" is not valid JSON',
			],
			[
				'labels for an unknown language',
				{ signing_button_label_overrides: '{"xx": {"finish": "Go"}}' },
				'"Button Labels (JSON)": "xx" is not a language of the service',
			],
			[
				'labels that are not texts',
				{ signing_button_label_overrides: '{"en": {"finish": 1}}' },
				'"Button Labels (JSON)": "en" must be an object of texts, e.g. {"finish": "Approve"}',
			],
			[
				'a bad team email',
				{ team_email: 'sales' },
				'"Team Email" is not a valid email address: "sales"',
			],
			[
				'a time zone that is not a name',
				{ timezone: 'GMT +2' },
				'"Time Zone" is not a time zone name: "GMT +2"',
			],
		],
		() => {
			it('a malformed workspace ID', async () => {
				const { error } = await updateSettings(
					ctx,
					SETTINGS.workspace,
					{ language: 'en' },
					{ workspaceId: byList('nope') },
				);
				expect(error?.message).toBe('"Workspace" is not a valid ID: "nope"');
				expect(sent(ctx)).toHaveLength(0);
			});
		},
	);
});
