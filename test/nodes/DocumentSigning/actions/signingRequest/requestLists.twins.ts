/**
 * Get Recipients, Get Fields, Get Reminders and Get Audit Trail read one list under a signing
 * request (`GET /signing-requests/{id}/users|fields|reminders|audit`) the same way: the request's
 * ID is checked before sending (typed in, or mapped from the input), an unknown request is a
 * readable 404, a service error stops the run with the mapped message, and an answer that is not a
 * list is an error. Each operation's spec calls these tests inside its own suite with its row
 * (`REQUEST_LISTS.<list>`), next to the tests of what its items carry.
 */
import type { IDataObject } from 'n8n-workflow';

import type { TestContext } from '../../../../kit';
import type { RichRequest } from './fixtures';
import { byId, NO_SUCH_ID, requestLines, run } from './fixtures';

export interface RequestListRow {
	operation:
		| 'listSigningRequestUsers'
		| 'listSigningRequestFields'
		| 'listSigningRequestReminders'
		| 'listSigningRequestAuditTrail';
	/** The last path segment. */
	list: 'users' | 'fields' | 'reminders' | 'audit';
}

export const REQUEST_LISTS = {
	users: { operation: 'listSigningRequestUsers', list: 'users' },
	fields: { operation: 'listSigningRequestFields', list: 'fields' },
	reminders: { operation: 'listSigningRequestReminders', list: 'reminders' },
	audit: { operation: 'listSigningRequestAuditTrail', list: 'audit' },
} satisfies Record<string, RequestListRow>;

/** IDs refused before sending: [what, the ID parameter, the input item, the message]. */
const BAD_IDS: Array<
	[string, (id: string) => string, IDataObject | undefined, (id: string) => string | RegExp]
> = [
	[
		'a malformed ID mapped from the input',
		() => '={{ $json.id }}',
		{ id: '12345' },
		() => '"Signing Request" is not a valid ID: "12345"',
	],
	[
		'an empty ID mapped from the input',
		() => '={{ $json.id }}',
		{ id: '' },
		() => '"Signing Request" is empty: its expression resolved to empty text (item 0)',
	],
	[
		'an expression that gives no ID',
		() => '={{ "not-an-id" }}',
		undefined,
		() => '"Signing Request" is not a valid ID: "not-an-id"',
	],
	[
		'an ID that reaches into another path',
		(id) => `={{ "${id}/../../workspaces" }}`,
		undefined,
		(id) => `"Signing Request" is not a valid ID: "${id}/../../workspaces"`,
	],
	[
		'a malformed ID typed in (the parameter check)',
		() => '12345',
		undefined,
		() => /Not a valid signing request ID/,
	],
];

export function itChecksTheRequestList(
	ctx: TestContext,
	row: RequestListRow,
	request: () => RichRequest,
): void {
	const read = (signingRequestId: string, input?: IDataObject) =>
		run(
			ctx,
			row.operation,
			{ signingRequestId: byId(signingRequestId) },
			{ ...(input ? { input: [{ json: input }] } : {}) },
		);

	it.each(BAD_IDS)('refuses %s before sending anything', async (_what, id, input, message) => {
		const { error } = await read(id(request().id), input);
		const expected = message(request().id);
		if (typeof expected === 'string') expect(error?.message).toBe(expected);
		else expect(error?.message).toMatch(expected);
		expect(ctx.sandbox.requests).toHaveLength(0);
	});

	it('maps an unknown ID to a readable 404', async () => {
		const { error } = await read(NO_SUCH_ID);
		expect(error?.message).toMatch(/^Not found/);
		expect(requestLines(ctx.sandbox)).toEqual([`GET /signing-requests/${NO_SUCH_ID}/${row.list}`]);
	});

	it('a service error stops the run with the mapped message', async () => {
		const path = `/signing-requests/${request().id}/${row.list}`;
		ctx.sandbox.injectFault({ kind: 'status', status: 500, path });
		const { error, output } = await read(request().id);
		expect(error?.message).toMatch(/^The service failed with an internal error \(500\)/);
		expect(output).toEqual([]);
		expect(requestLines(ctx.sandbox)).toEqual([`GET ${path}`]);
	});

	it('an unexpected answer is an error, not an empty list', async () => {
		ctx.sandbox.injectFault({
			kind: 'status',
			status: 200,
			body: { [row.list]: 'nope' },
			path: `/signing-requests/${request().id}/${row.list}`,
		});
		const { error, output } = await read(request().id);
		expect(error?.message).toBe('The service answered with an unexpected list format');
		expect(output).toEqual([]);
	});
}
