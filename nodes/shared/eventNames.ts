import type { INode, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { TEST_EVENT_TYPE } from './events';

/** An event name: lower-case words joined by dots, e.g. signing_request.completed. */
export const EVENT_NAME_PATTERN = /^[a-z0-9_]+(\.[a-z0-9_]+)+$/;

export interface EventNameOptions {
	/** Why the test event cannot be subscribed to, in the words of the calling node. */
	testEventHint: string;
}

/** "Additional Event Names": event names that no list offers (read by `readEventNames`). */
export const additionalEventsField: INodeProperties = {
	displayName: 'Additional Event Names',
	name: 'additionalEvents',
	type: 'string',
	default: '',
	placeholder: 'e.g. signing_request.some_new_event',
	description:
		'Event names that are in no list above (the service may add new ones), separated by commas',
};

/** The names typed into "Additional Event Names": separated by commas and/or white space. */
export function splitEventNames(additional: unknown): string[] {
	return String(additional ?? '')
		.split(/[\s,]+/)
		.map((name) => name.trim())
		.filter((name) => name !== '');
}

/**
 * The picked events followed by the names typed into "Additional Event Names", without duplicates.
 * A typed name that is not an event name, or the test event (it cannot be subscribed to), is
 * refused before anything is sent.
 */
export function readEventNames(
	node: INode,
	picked: readonly string[],
	additional: unknown,
	options: EventNameOptions,
): string[] {
	const typed = splitEventNames(additional);
	for (const name of typed) {
		if (!EVENT_NAME_PATTERN.test(name)) {
			throw new NodeOperationError(node, `"${name}" is not an event name`, {
				description:
					'Additional Event Names takes event names such as signing_request.completed, separated by commas.',
			});
		}
		if (name === TEST_EVENT_TYPE) {
			throw new NodeOperationError(node, `${TEST_EVENT_TYPE} cannot be subscribed to`, {
				description: options.testEventHint,
			});
		}
	}
	return [...new Set([...picked, ...typed])];
}
