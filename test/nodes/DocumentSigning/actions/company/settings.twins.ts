/**
 * The company's settings and a workspace's are read and written the same way
 * (`/company/settings` and `/workspace/{workspace_id}/settings`): GET outputs them marked with the
 * key mode, PUT sends only the settings added and `null` for those reset, and the checks the two
 * forms share (colours, completion page, set-and-reset) refuse bad input before sending. Each
 * operation's spec calls these tests inside its own suite with its row (`SETTINGS.company`,
 * `SETTINGS.workspace`) and its own data; the settings only one of them has or checks (time zone
 * and expiration of the company; Inherit/On/Off, labels, team email and the email local part's
 * pattern of a workspace) stay in its spec.
 */
import type { IDataObject } from 'n8n-workflow';

import type { TestContext } from './fixtures';
import { SALES, api, byId, jsonOf, run, sent } from './fixtures';

export interface SettingsRow {
	resource: 'company' | 'workspaceSettings';
	get: 'getCompanySettings' | 'getWorkspaceSettings';
	update: 'updateCompanySettings' | 'updateWorkspaceSettings';
	/** The parameters that name the owner. */
	params: Record<string, unknown>;
	path: string;
}

export const SETTINGS = {
	company: {
		resource: 'company',
		get: 'getCompanySettings',
		update: 'updateCompanySettings',
		params: {},
		path: '/company/settings',
	},
	workspace: {
		resource: 'workspaceSettings',
		get: 'getWorkspaceSettings',
		update: 'updateWorkspaceSettings',
		params: { workspaceId: byId(SALES.id) },
		path: `/workspace/${SALES.id}/settings`,
	},
} satisfies Record<string, SettingsRow>;

/** Runs the row's Update with these settings (and other parameters, e.g. another workspace). */
export const updateSettings = (
	ctx: TestContext,
	row: SettingsRow,
	settings: Record<string, unknown>,
	params: Record<string, unknown> = {},
) => run(ctx, row.resource, row.update, { ...row.params, settings, ...params });

/** Get: one GET, the settings as output (`seed` is stored first through the API). */
export function itReadsTheSettings(
	ctx: TestContext,
	row: SettingsRow,
	name: string,
	opts: { seed?: IDataObject; output: IDataObject },
): void {
	it(name, async () => {
		if (opts.seed) {
			await api(ctx.sandbox, 'PUT', row.path, opts.seed);
			ctx.sandbox.clearRequests();
		}
		const { output, error } = await run(ctx, row.resource, row.get, row.params);
		expect(error).toBeUndefined();
		expect(sent(ctx)).toHaveLength(1);
		expect(sent(ctx)[0]).toMatchObject({ method: 'GET', path: row.path, query: {} });
		expect(jsonOf(output)).toEqual([expect.objectContaining({ ...opts.output, key_mode: 'live' })]);
	});
}

/** Update: one PUT with exactly `body` for `settings`, and the service's answer as output. */
export function itSendsTheSettings(
	ctx: TestContext,
	row: SettingsRow,
	name: string,
	opts: { settings: IDataObject; body: IDataObject; output: IDataObject },
): void {
	it(name, async () => {
		const { output, error } = await updateSettings(ctx, row, opts.settings);
		expect(error).toBeUndefined();
		expect(sent(ctx)).toHaveLength(1);
		expect(sent(ctx)[0]).toMatchObject({ method: 'PUT', path: row.path, query: {}, status: 200 });
		expect(sent(ctx)[0].body).toEqual(opts.body);
		expect(jsonOf(output)[0]).toMatchObject({ ...opts.output, key_mode: 'live' });
	});
}

/** Update with "Reset": sends `null` for each reset setting (`seed` is stored first). */
export function itResetsTheSettings(
	ctx: TestContext,
	row: SettingsRow,
	name: string,
	opts: { seed: IDataObject; reset: string[]; output: IDataObject },
): void {
	it(name, async () => {
		await api(ctx.sandbox, 'PUT', row.path, opts.seed);
		ctx.sandbox.clearRequests();
		const { output, error } = await updateSettings(ctx, row, { reset: opts.reset });
		expect(error).toBeUndefined();
		expect(sent(ctx)[0].body).toEqual(Object.fromEntries(opts.reset.map((key) => [key, null])));
		expect(jsonOf(output)[0]).toMatchObject(opts.output);
	});
}

/** Input both forms check the same way: [what, settings, message]. */
const SHARED_CHECKS: Array<[string, Record<string, unknown>, string]> = [
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
		'a bad colour',
		{ color_border: '#12345G' },
		'"Border Colour" must be a colour like #1A2B3C, not "#12345G"',
	],
	[
		'an http redirect',
		{ completion_redirect_url: 'http://acme.example' },
		'"Completion Redirect URL" must be an https:// address',
	],
	[
		'a delay over 30',
		{ completion_redirect_delay: 31 },
		'"Redirect Delay (Seconds)" must be a whole number from 0 to 30',
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
		'a setting both set and reset',
		{ color_card: '#000000', reset: ['color_card'] },
		'"Card Colour" is both set and reset',
	],
];

/**
 * Update refuses bad input before sending: the checks both forms share, then `own` (the row's
 * settings only it has).
 */
export function describeSettingsChecks(
	ctx: TestContext,
	row: SettingsRow,
	own: Array<[string, Record<string, unknown>, string]>,
	more?: () => void,
): void {
	describe('refuses bad input before sending', () => {
		it.each([...SHARED_CHECKS, ...own])('%s', async (_name, settings, message) => {
			const { error } = await updateSettings(ctx, row, settings);
			expect(error?.message).toBe(message);
			expect(sent(ctx)).toHaveLength(0);
		});
		more?.();
	});
}
