import type { IExecuteFunctions, IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * Checks made before any request is sent, each naming the field the user has to fix.
 */

/** An ISO 8601 date-time (what n8n's date picker produces, or an expression result). */
export function checkDateTime(
	context: IExecuteFunctions,
	value: unknown,
	field: string,
	itemIndex: number,
): string {
	const text = String(value ?? '').trim();
	if (text === '' || Number.isNaN(Date.parse(text))) {
		throw new NodeOperationError(context.getNode(), `"${field}" is not a valid date and time`, {
			description: 'Use a date such as 2026-01-31 or 2026-01-31T12:00:00Z.',
			itemIndex,
		});
	}
	return new Date(text).toISOString();
}

/** Drops empty strings and undefined values, the way users expect unset options to behave. */
export function compact(values: IDataObject): IDataObject {
	const out: IDataObject = {};
	for (const [key, value] of Object.entries(values)) {
		if (value === undefined || value === '' || value === null) continue;
		out[key] = value;
	}
	return out;
}
