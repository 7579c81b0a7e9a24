/**
 * Event names as both nodes read them (nodes/shared/eventNames.ts): the trigger's Events and
 * Additional Event Names, and the same pair in the webhook operations.
 */
import type { IExecuteFunctions, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { readEvents } from '../../../nodes/DocumentSigning/actions/webhook/webhook.inputs';
import { resolveEvents } from '../../../nodes/DocumentSigningTrigger/lifecycle';
import {
	EVENT_NAME_PATTERN,
	readEventNames,
	splitEventNames,
} from '../../../nodes/shared/eventNames';
import { EVENT_TYPES, SEED_EVENT_TYPES, TEST_EVENT_TYPE } from '../../../nodes/shared/events';

const node: INode = {
	id: 'node-1',
	name: 'Document Signing',
	type: 'n8n-nodes-document-signing.documentSigning',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};
const context = { getNode: () => node } as unknown as IExecuteFunctions;
const HINT = { testEventHint: 'why not' };

function errorOf(read: () => unknown): NodeOperationError {
	try {
		read();
	} catch (error) {
		expect(error).toBeInstanceOf(NodeOperationError);
		return error as NodeOperationError;
	}
	throw new Error('expected an error');
}

describe('splitEventNames', () => {
	it('splits on commas and white space, dropping empty parts', () => {
		expect(splitEventNames(' a.b, c.d\n\te.f ,, g.h  ')).toEqual(['a.b', 'c.d', 'e.f', 'g.h']);
		expect(splitEventNames('')).toEqual([]);
		expect(splitEventNames(undefined)).toEqual([]);
		expect(splitEventNames(' , ')).toEqual([]);
	});
});

describe('EVENT_NAME_PATTERN', () => {
	it('matches every name of the event list, and the test event', () => {
		for (const event of EVENT_TYPES) expect(event.value).toMatch(EVENT_NAME_PATTERN);
		expect(TEST_EVENT_TYPE).toMatch(EVENT_NAME_PATTERN);
	});

	it.each([
		'completed',
		'Signing_request.completed',
		'signing-request.completed',
		'a..b',
		'a.b.',
		'.a.b',
		'a.b c',
	])('refuses %s', (name) => expect(name).not.toMatch(EVENT_NAME_PATTERN));
});

describe('readEventNames', () => {
	it('picked first, then typed, without duplicates', () => {
		expect(
			readEventNames(
				node,
				['signing_request.sent', 'signing_request.completed'],
				'template.created, signing_request.sent template.created',
				HINT,
			),
		).toEqual(['signing_request.sent', 'signing_request.completed', 'template.created']);
		expect(readEventNames(node, [], '', HINT)).toEqual([]);
	});

	it('refuses a typed name that is not an event name, naming the field', () => {
		const error = errorOf(() =>
			readEventNames(node, [], 'signing_request.completed, not an event', HINT),
		);
		expect(error.message).toBe('"not" is not an event name');
		expect(error.description).toBe(
			'Additional Event Names takes event names such as signing_request.completed, separated by commas.',
		);
		// The router puts the item index on every error of the action node; the trigger has none.
		expect(error.context.itemIndex).toBeUndefined();
	});

	it("refuses the test event with the caller's explanation", () => {
		const error = errorOf(() => readEventNames(node, [], 'webhook.test', HINT));
		expect(error.message).toBe('webhook.test cannot be subscribed to');
		expect(error.description).toBe('why not');
		expect(error.context.itemIndex).toBeUndefined();
	});
});

describe('both nodes read event names the same way', () => {
	it('the trigger: "*" stands for the documented list; its own test-event explanation', () => {
		expect(resolveEvents(node, ['*', 'signing_request.declined'], 'template.created')).toEqual([
			...SEED_EVENT_TYPES,
			'signing_request.declined',
			'template.created',
		]);
		expect(errorOf(() => resolveEvents(node, [], 'Template.Created')).message).toBe(
			'"Template.Created" is not an event name',
		);
		expect(errorOf(() => resolveEvents(node, [], 'webhook.test')).description).toMatch(
			/"Test Deliveries" option/,
		);
	});

	it('the webhook operations: no item index (the router adds it); their own test-event explanation; empty when not required', () => {
		expect(
			readEvents(context, ['signing_request.sent'], 'template.created,signing_request.sent', true),
		).toEqual(['signing_request.sent', 'template.created']);
		const invalid = errorOf(() => readEvents(context, [], 'Template.Created', false));
		expect(invalid.message).toBe('"Template.Created" is not an event name');
		expect(invalid.context.itemIndex).toBeUndefined();
		expect(errorOf(() => readEvents(context, [], 'webhook.test', false)).description).toBe(
			'Test deliveries (Send Test operation) reach a webhook whatever its events.',
		);
		expect(readEvents(context, [], ' ', false)).toBeUndefined();
		expect(errorOf(() => readEvents(context, [], '', true)).message).toBe(
			'"Event Names or IDs" is empty: choose at least one event',
		);
	});
});
