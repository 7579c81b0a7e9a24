import type {
	IExecuteFunctions,
	ILoadOptionsFunctions,
	INodeProperties,
	INodePropertyMode,
} from 'n8n-workflow';

import { fail } from '../helpers/errors';

/**
 * Every id of the service is a UUID (the pattern as text, for regex validations of the UI; its
 * group does not capture, so a resource locator's extractValue keeps one group).
 */
export const UUID_PATTERN = '[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}';
const UUID = new RegExp(`^${UUID_PATTERN}$`);

/**
 * A resource locator's "ID" mode: a UUID (spaces around allowed), `what` naming it in errors.
 * Written inside a locator's `modes`, where n8n's lint knows a mode has no default.
 */
export function idMode(what: string): INodePropertyMode {
	const locator: Pick<INodeProperties, 'modes'> = {
		modes: [
			{
				displayName: 'ID',
				name: 'id',
				type: 'string',
				placeholder: '123e4567-e89b-42d3-a456-426614174000',
				validation: [
					{
						type: 'regex',
						properties: {
							regex: `^\\s*${UUID_PATTERN}\\s*$`,
							errorMessage: `Not a valid ${what} ID`,
						},
					},
				],
			},
		],
	};
	return (locator.modes as INodePropertyMode[])[0];
}

/**
 * A temporary id the user gives a new recipient (temp_…), so that fields and reminders of the same
 * request can refer to it before the service assigns the real one.
 */
export const TEMP_ID = /^temp_[A-Za-z0-9_-]+$/;

export function isUuid(value: unknown): boolean {
	return typeof value === 'string' && UUID.test(value);
}

/**
 * Checks an id before it goes into a URL path: a malformed id gets an error naming the field
 * instead of a confusing 404 (or a request to another path).
 */
export function checkId(
	context: IExecuteFunctions | ILoadOptionsFunctions,
	value: unknown,
	field: string,
): string {
	const id = String(value ?? '').trim();
	if (!UUID.test(id)) {
		fail(
			context,
			id === '' ? `"${field}" is empty` : `"${field}" is not a valid ID: "${id.slice(0, 80)}"`,
			'IDs of the service look like 123e4567-e89b-42d3-a456-426614174000.',
		);
	}
	return id.toLowerCase();
}

/** An id parameter (plain string or resource locator), checked. */
export function getIdParameter(
	context: IExecuteFunctions,
	parameterName: string,
	itemIndex: number,
	field: string,
): string {
	const value = context.getNodeParameter(parameterName, itemIndex, '', { extractValue: true });
	return checkId(context, value, field);
}
