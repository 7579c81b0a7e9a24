import type { IExecuteFunctions } from 'n8n-workflow';

import { fail } from './errors';

/**
 * A JSON parameter as an object or array. n8n hands over JSON fields as strings, or as values
 * when the user maps them with an expression; both are accepted. Errors name the field.
 */
export function parseJsonParameter<T = unknown>(
	context: IExecuteFunctions,
	value: unknown,
	field: string,
	kind: 'object' | 'array',
): T {
	let parsed: unknown = value;
	if (typeof value === 'string') {
		const text = value.trim();
		if (text === '') parsed = kind === 'array' ? [] : {};
		else {
			try {
				parsed = JSON.parse(text);
			} catch (error) {
				fail(
					context,
					`"${field}" is not valid JSON`,
					`${(error as Error).message}. Check quotes, commas and brackets.`,
				);
			}
		}
	}
	const isArray = Array.isArray(parsed);
	const isObject = parsed !== null && typeof parsed === 'object' && !isArray;
	if ((kind === 'array' && !isArray) || (kind === 'object' && !isObject)) {
		fail(
			context,
			`"${field}" must be a JSON ${kind === 'array' ? 'array ([...])' : 'object ({...})'}`,
		);
	}
	return parsed as T;
}
