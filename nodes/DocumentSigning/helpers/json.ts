import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * A JSON parameter as an object or array. n8n hands over JSON fields as strings, or as values
 * when the user maps them with an expression; both are accepted. Errors name the field.
 */
export function parseJsonParameter<T = unknown>(
	context: IExecuteFunctions,
	value: unknown,
	field: string,
	itemIndex: number,
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
				throw new NodeOperationError(context.getNode(), `"${field}" is not valid JSON`, {
					description: `${(error as Error).message}. Check quotes, commas and brackets.`,
					itemIndex,
				});
			}
		}
	}
	const isArray = Array.isArray(parsed);
	const isObject = parsed !== null && typeof parsed === 'object' && !isArray;
	if ((kind === 'array' && !isArray) || (kind === 'object' && !isObject)) {
		throw new NodeOperationError(
			context.getNode(),
			`"${field}" must be a JSON ${kind === 'array' ? 'array ([...])' : 'object ({...})'}`,
			{ itemIndex },
		);
	}
	return parsed as T;
}
