import type {
	IDataObject,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { EVENT_TYPES } from '../shared/events';
import { attachSignedPdfOption, signedPdfFieldOption } from '../shared/document';
import { scopeOption } from '../shared/scope';
import { searchWorkspaces, workspaceLocator } from '../shared/workspace';
import type { Change, PollEventKind, WorkspaceState } from '../shared/changes';
import {
	emptyState,
	latestChange,
	listPageFetcher,
	OVERLAP_MS,
	POLL_EVENTS,
	POLL_EVENT_KINDS,
	pollWorkspace,
} from '../shared/changes';
import { enrich, type EnrichOptions } from '../shared/enrich';
import { toEvent, type PolledEvent } from '../shared/changeEvent';
import { workspacesOf } from '../shared/workspaceKeys';
import { testDocumentSigningApi } from '../shared/credentialTest';
import { eventInShape, simplifyEventField, type EventExtras } from '../shared/signingRequest';

/** Static data of the node: one state per workspace (no keys, no personal data beyond ids). */
interface PollStaticData extends IDataObject {
	version?: number;
	/** When the last successful poll started (ms), for workspaces that appear later. */
	lastPollAt?: number;
	workspaces?: Record<string, WorkspaceState>;
}

/** How the trigger names itself in the warnings it logs. */
const LOG_LABEL = 'Document Signing Poll Trigger';

const STATE_VERSION = 1;

function eventDescription(type: string, fallback: string): string {
	return EVENT_TYPES.find((event) => event.value === type)?.description ?? fallback;
}

const EVENT_OPTIONS = [
	{ name: 'Signing Request Sent', value: 'sent', fallback: 'A signing request was sent' },
	{
		name: 'Signing Request Completed',
		value: 'completed',
		fallback: 'Every signer has signed: the signed PDF is ready',
	},
	{ name: 'Signing Request Declined', value: 'declined', fallback: 'A signer declined' },
	{ name: 'Signing Request Cancelled', value: 'cancelled', fallback: 'The sender cancelled it' },
	{ name: 'Signing Request Expired', value: 'expired', fallback: 'It expired before completion' },
].map(({ name, value, fallback }) => ({
	name,
	value,
	description: `${eventDescription(POLL_EVENTS[value as PollEventKind], fallback)} (reported as ${POLL_EVENTS[value as PollEventKind]})`,
}));

export class DocumentSigningPollTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Document Signing Poll Trigger',
		name: 'documentSigningPollTrigger',
		icon: { light: 'file:documentSigning.svg', dark: 'file:documentSigning.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle:
			'={{$parameter["scope"] === "workspace" ? "Polls one workspace" : "Polls every workspace"}}',
		description:
			'Starts the workflow when signing requests are sent, completed, declined, cancelled or expired, by asking the service on a schedule. Works without a public n8n address.',
		defaults: { name: 'Document Signing Poll Trigger' },
		// The node window's "Docs" link, opened as it is (see DocumentSigning.node.ts).
		documentationUrl:
			'https://github.com/n8n-nodes-document-signing/n8n-nodes-document-signing/blob/main/docs/triggers.md#document-signing-poll-trigger',
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{ name: 'documentSigningApi', required: true, testedBy: 'documentSigningApiTest' },
		],
		properties: [
			{
				displayName:
					"This trigger asks the service for changes on the schedule below, so n8n needs no public address; polling every minute is fine. If the service can reach n8n's webhook address, the Document Signing Trigger reacts at once instead.",
				name: 'costNotice',
				type: 'notice',
				default: '',
			},
			{
				displayName: 'Scope',
				name: 'scope',
				type: 'options',
				noDataExpression: true,
				options: [
					scopeOption(
						'company',
						'Every workspace the key can see: all of them with the protected workspace key, only its own with another key',
					),
					scopeOption('workspace', 'Only the signing requests of one workspace'),
				],
				default: 'company',
			},
			workspaceLocator('The workspace whose signing requests are watched'),
			{
				// Not "Events": n8n's node panel makes a trigger's "Event(s)" options entries of their
				// own and then shows the trigger without the word Trigger ("Document Signing Poll");
				// without them it is listed, and added in one click, as "Document Signing Poll Trigger".
				displayName: 'Changes',
				name: 'events',
				type: 'multiOptions',
				required: true,
				default: ['completed'],
				description:
					'The changes that start this workflow. Each change starts it once; changes from before the workflow was activated are not reported.',
				options: EVENT_OPTIONS,
			},
			simplifyEventField,
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					attachSignedPdfOption(
						'of a completed signing request (two more reads per completion)',
						'If it fails or the document is not finished, the workflow still starts, with enrichment_errors saying why.',
					),
					{
						displayName: 'Fetch Full Signing Request',
						name: 'fetchSigningRequest',
						type: 'boolean',
						default: false,
						description:
							"Whether to read each signing request and its recipients from the service (two more reads per change) and output them as Get does: with Simplify, as data.signing_request (its state now, with signed_document_url and every recipient's first and last name and decline reason; the list gives only full names); without, the service's answer as signing_request, its recipients under recipients. If reading fails, the workflow starts without it, with enrichment_errors.",
					},
					signedPdfFieldOption,
				],
			},
		],
	};

	methods = {
		credentialTest: { documentSigningApiTest: testDocumentSigningApi },
		listSearch: {
			searchWorkspaces,
		},
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const node = this.getNode();
		const selected = this.getNodeParameter('events', []) as string[];
		const wanted = new Set(
			(Array.isArray(selected) ? selected : []).filter((kind): kind is PollEventKind =>
				(POLL_EVENT_KINDS as string[]).includes(kind),
			),
		);
		if (wanted.size === 0) {
			throw new NodeOperationError(node, 'Choose at least one change', {
				description:
					'Pick in "Changes" the signing-request changes that should start this workflow.',
			});
		}
		const options = this.getNodeParameter('options', {}) as EnrichOptions;
		// Simplify (on by default): the signing request in the one shape (shared/signingRequest.ts).
		const simplify = this.getNodeParameter('simplify', true) !== false;
		/** A change as the trigger outputs it: the event, enriched, in the one shape with Simplify. */
		const eventItem = async (
			context: Parameters<typeof enrich>[0],
			change: Change,
			workspaceId: string,
			workspaceName: string,
		): Promise<INodeExecutionData> => {
			const item = toEvent(change, workspaceId, workspaceName);
			const extras: EventExtras = await enrich(
				context,
				item.json as unknown as PolledEvent,
				item,
				options,
				LOG_LABEL,
			);
			return simplify ? { ...item, json: eventInShape(item.json, extras) } : item;
		};
		const workspaces = await workspacesOf(this);

		if (this.getMode() === 'manual') {
			// "Fetch Test Event": the latest matching change, nothing remembered.
			let latest: (Change & { workspaceId: string; workspaceName: string }) | undefined;
			let from = workspaces[0];
			for (const workspace of workspaces) {
				const change = await latestChange(listPageFetcher(workspace.context), wanted);
				if (change && (!latest || Date.parse(change.at) > Date.parse(latest.at))) {
					latest = { ...change, workspaceId: workspace.id, workspaceName: workspace.name };
					from = workspace;
				}
			}
			if (!latest) {
				throw new NodeOperationError(node, 'No signing request has made one of these changes yet', {
					description:
						'Send a signing request (or let one finish) in the watched workspace, then fetch again. An active workflow reports changes from its activation on.',
				});
			}
			return [[await eventItem(from.context, latest, latest.workspaceId, latest.workspaceName)]];
		}

		const staticData = this.getWorkflowStaticData('node') as PollStaticData;
		const startedAt = Date.now();
		const known = staticData.version === STATE_VERSION ? (staticData.workspaces ?? {}) : undefined;
		const next: Record<string, WorkspaceState> = {};
		const found: Array<{ change: Change; workspace: (typeof workspaces)[number] }> = [];
		for (const workspace of workspaces) {
			const previous = known?.[workspace.id];
			// First activation: everything that exists is old. A workspace that appears later is
			// watched from the previous poll on.
			const baseline = known === undefined;
			const start =
				previous ??
				emptyState(baseline ? startedAt - OVERLAP_MS : (staticData.lastPollAt ?? startedAt));
			const result = await pollWorkspace(listPageFetcher(workspace.context), start, wanted, {
				baseline: baseline && previous === undefined,
			});
			next[workspace.id] = result.state;
			for (const change of result.changes) found.push({ change, workspace });
		}

		const items: INodeExecutionData[] = [];
		for (const { change, workspace } of found) {
			items.push(await eventItem(workspace.context, change, workspace.id, workspace.name));
		}

		// Only now, with every read done, is the new state stored (a failed poll changes nothing).
		staticData.version = STATE_VERSION;
		staticData.lastPollAt = startedAt;
		staticData.workspaces = next;
		return items.length ? [items] : null;
	}
}
