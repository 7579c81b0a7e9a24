import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { ENDPOINTS } from '../../../shared/endpoints';
import { fillWorkspace, type NodeRun } from '../../domain/readBack';
import { listPages } from '../../helpers/list';
import { simplifyField, simplifyItems, simplifyOn } from '../../helpers/output';
import {
	filtersCollection,
	nameFilterOption,
	paginationFields,
	sortCollection,
} from '../common.descriptions';
import { callName, type OperationMeta } from '../types';
import { fail } from '../../helpers/errors';

export const meta: OperationMeta = {
	value: 'listSigningRequests',
	name: 'Get Many',
	action: 'Get many signing requests',
	description: 'List signing requests with filters (status, dates, signer) and sorting',
	toolDescription:
		"Lists signing requests, one item each: id, name, status (draft; in_progress: sent and waiting for signatures; completed: everyone signed; declined; cancelled; expired), dates, recipients, key_mode. Use it to find a request's ID from its name or a signer's email, or to see what is still open.\nNeeds nothing. Filters, when this tool offers them: (part of) the request's name, a signer's email or name, a status from the values above. Returns at most the tool's limit.",
	...ENDPOINTS.listSigningRequests,
	// Simplify on: the credential's workspace, once per run (domain/readBack.ts).
	lookups: [callName(ENDPOINTS.getSigningRequest)],
	output: {
		entries: 'results',
		simplify: 'signingRequest',
		// A warning when the workspace could not be read (domain/readBack.ts fillWorkspace).
		simplified: { 'warnings?': { type: 'array', items: { type: 'string' } } },
	},
};

/** The list's status vocabulary (the `status` filter accepts several, comma-separated). */
export const LIST_STATUSES = [
	{ name: 'Cancelled', value: 'cancelled', description: 'Cancelled by the sender' },
	{ name: 'Declined', value: 'declined', description: 'A signer declined; the request stopped' },
	{ name: 'Deleted', value: 'deleted', description: 'Deleted drafts (normally hidden)' },
	{
		name: 'Expired',
		value: 'expired',
		description:
			'Sent and past its expiration (filtered after the query: can be slow on large accounts)',
	},
	{ name: 'Finished', value: 'finished', description: 'Every signer is done' },
	{ name: 'In Progress', value: 'in_progress', description: 'Sent and waiting for signers' },
	{ name: 'Not Sent', value: 'not_sent', description: 'Drafts: created but not sent yet' },
] as const;

export const description: INodeProperties[] = [
	...paginationFields(),
	filtersCollection([
		nameFilterOption('signing requests'),
		{
			displayName: 'Signer Email',
			name: 'signer_email',
			type: 'string',
			placeholder: 'name@email.com',
			default: '',
			description: 'Only signing requests with a recipient of exactly this email address',
		},
		{
			displayName: 'Signer Name',
			name: 'signer_name',
			type: 'string',
			default: '',
			description:
				'Only signing requests with a recipient whose name contains this text (case-insensitive)',
		},
		{
			displayName: 'Status',
			name: 'status',
			type: 'multiOptions',
			options: [...LIST_STATUSES],
			default: [],
			description: 'Only signing requests in one of these statuses',
		},
	]),
	sortCollection([
		{ name: 'Expiration Hours', value: 'expiration_hours' },
		{ name: 'Finished On', value: 'finished_on' },
		{ name: 'Name', value: 'name' },
		{ name: 'Sent On', value: 'sent_on' },
	]),
	simplifyField,
];

const STATUS_VALUES: readonly string[] = LIST_STATUSES.map((s) => s.value);

/**
 * The status words of the output (nodes/shared/signingRequest.ts) that the list names otherwise:
 * a filter may use either, so a status read from an output filters the list as it is.
 */
const OUTPUT_WORDS: Record<string, string> = { draft: 'not_sent', completed: 'finished' };

/** Status filter: a list from the multi-select, or a comma-separated text from an expression. */
function statusFilter(context: IExecuteFunctions, value: unknown): string | undefined {
	const statuses = (Array.isArray(value) ? value : String(value ?? '').split(','))
		.map((s) => String(s).trim())
		.filter((s) => s !== '')
		.map((s) => OUTPUT_WORDS[s] ?? s);
	for (const status of statuses) {
		if (!STATUS_VALUES.includes(status)) {
			fail(
				context,
				`Status "${status}" is not a status of the list`,
				`Use one of: ${STATUS_VALUES.join(', ')} (or draft, completed: the output's words for not_sent, finished).`,
			);
		}
	}
	return statuses.length ? [...new Set(statuses)].join(',') : undefined;
}

export async function execute(
	this: IExecuteFunctions,
	i: number,
	run: NodeRun,
): Promise<INodeExecutionData[]> {
	const items = await listPages.call(this, i, meta, {
		shapeFilters: (filters) => {
			const status = statusFilter(this, filters.status);
			if (status) filters.status = status;
			else delete filters.status;
		},
	});
	const simplified = simplifyItems(this, i, 'signingRequest', items);
	return simplifyOn(this, i) ? await fillWorkspace(this, run, simplified) : simplified;
}
