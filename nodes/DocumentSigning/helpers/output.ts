import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { KeyMode } from '../transport';

/**
 * Output items of the action node. Every item says which key produced it (`key_mode`): test
 * requests are free and their documents watermarked, so a workflow can tell them apart.
 */
export function toItems(data: IDataObject | IDataObject[], keyMode: KeyMode): INodeExecutionData[] {
	const rows = Array.isArray(data) ? data : [data];
	return rows.map((row) => ({ json: { ...row, key_mode: keyMode } }));
}

/**
 * The output of every delete: `{ deleted: true, id, …}`. `id` is what identifies the deleted thing
 * (for an email template its type, for signer terms their language; none for the company logo),
 * `scope` names its owner (e.g. `template_id` of a custom field), and what the service answered
 * (a message, a date) follows.
 */
export function deletedItems(
	id: string | undefined,
	body: unknown,
	keyMode: KeyMode,
	scope: IDataObject = {},
): INodeExecutionData[] {
	const answer =
		body && typeof body === 'object' && !Array.isArray(body) ? (body as IDataObject) : {};
	const head: IDataObject = id === undefined ? { deleted: true } : { deleted: true, id };
	return toItems({ ...head, ...scope, ...answer, ...head }, keyMode);
}

// ---------------------------------------------------------------------------------------------
// Unpaginated lists (added with the signing-request read operations)

/**
 * The entries of an unpaginated list answer: `{results: [...]}` (or another key, e.g.
 * `custom_fields`) or a bare array (reminder lists). Any other shape is an error, not an
 * empty list, so a changed answer never passes silently as "nothing found".
 */
export function listEntries(
	context: IExecuteFunctions,
	body: unknown,
	itemIndex: number,
	key = 'results',
): IDataObject[] {
	const list = Array.isArray(body)
		? body
		: body && typeof body === 'object' && Array.isArray((body as IDataObject)[key])
			? ((body as IDataObject)[key] as unknown[])
			: undefined;
	if (!list) {
		throw new NodeOperationError(
			context.getNode(),
			'The service answered with an unexpected list format',
			{
				description: `Expected a list (or an object with "${key}"), got: ${JSON.stringify(body)?.slice(0, 200)}`,
				itemIndex,
			},
		);
	}
	return list.map((entry) =>
		entry && typeof entry === 'object' && !Array.isArray(entry)
			? (entry as IDataObject)
			: { value: entry as IDataObject[string] },
	);
}

// ---------------------------------------------------------------------------------------------
// Warnings (added with the signing-request write operations)

/**
 * One shape for the service's warnings: create responses carry `warnings[]`, PATCH a single
 * `warning`, the full update `summary.warnings[]`. All end up in `warnings` (an array, only when
 * there are any); a single `warning` is folded into it and removed.
 */
export function normaliseWarnings(data: IDataObject): IDataObject {
	const out: IDataObject = { ...data };
	const warnings: IDataObject[string][] = [];
	const seen = new Set<string>();
	const add = (value: unknown) => {
		if (Array.isArray(value)) value.forEach(add);
		else if (value !== undefined && value !== null && value !== '') {
			const key = JSON.stringify(value);
			if (seen.has(key)) return;
			seen.add(key);
			warnings.push(value as IDataObject[string]);
		}
	};
	add(out.warnings);
	add(out.warning);
	const summary = out.summary as IDataObject | undefined;
	if (summary && typeof summary === 'object') add(summary.warnings);
	delete out.warning;
	if (warnings.length) out.warnings = warnings;
	else delete out.warnings;
	return out;
}
