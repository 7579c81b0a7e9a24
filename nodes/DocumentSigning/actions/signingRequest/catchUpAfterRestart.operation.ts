import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { callPages, getServiceCredentials, type TransportContext } from '../../../shared/transport';
import { TRIGGER_DESCRIPTION_PREFIX, wakeTrigger, type WakeOutcome } from '../../../shared/wake';
import type { OperationMeta } from '../types';
import { meta as listWebhooks } from '../webhook/listWebhooks.operation';
import { meta as listWorkspaces } from '../workspace/listWorkspaces.operation';
import { pokeWith, reReads, waitKeyOf } from './reread';
import { budgetKeyOf, reReadWait, waitEndOf } from './sendAndWaitSigningRequest.operation';

/**
 * Catch Up After Restart: what a user adds so that the package's guarantees come back by themselves
 * after n8n restarted. Not an operation of the API (`meta.composite`).
 *
 * Why it exists: n8n 2.41.1 runs no code of this package when it starts (docs/DESIGN.md, item 10):
 * its publication reconciler re-activates only workflows whose in-memory triggers (a trigger() or
 * poll()) are missing, and activating those calls nothing of a webhook node or of the action node.
 * So after a restart
 *  - Send and Wait's re-reads (reread.ts, in-memory) know no waits: a wait whose delivery was lost
 *    while n8n was away would wait until its time limit;
 *  - the Document Signing Trigger catches up only at its next request (DocumentSigningTrigger/
 *    catchUp.ts), which may come days later.
 * n8n's Schedule Trigger is an in-memory trigger, so n8n starts it again by itself: run by it (the
 * example workflow catch-up-after-restart.json, every minute), this operation
 *  1. lists this n8n's webhooks at the service (the ones whose URL is under this n8n's webhook
 *     address), company-level and of every workspace the key can list: the first run in a process
 *     and then at most every `LIST_EVERY_MS` per credential (other runs reuse what was found);
 *  2. hands each Send-and-Wait wait this process does not re-read yet to its re-reads, due at once
 *     (its URL is the resume URL, its description the time limit), and calls the resume URL of
 *     the wait due next itself (a re-read call) to check that n8n can reach its own
 *     waiting-webhook address;
 *  3. wakes each Document Signing Trigger of this n8n (../../../shared/wake.ts): its catch-up runs
 *     in the process that serves its URL, once per process; the answer says how it went.
 * It fails, so that the run shows as a failed execution, when n8n cannot reach its own webhook
 * address (a reverse proxy that does not forward n8n's own calls, a WEBHOOK_URL n8n cannot reach),
 * or when the service refuses the listing.
 */

export const meta: OperationMeta = {
	value: 'catchUpAfterRestart',
	name: 'Catch Up After Restart',
	action: 'Catch up after restart on missed signing events',
	description:
		"Run by a Schedule Trigger: after n8n restarted, re-read this n8n's waiting Send and Wait executions and let each Document Signing Trigger catch up on the events it missed. Fails when n8n cannot reach its own webhook address.",
	toolDescription:
		'Do not use: this is upkeep for n8n itself, run by a Schedule Trigger after n8n restarts; it neither reads nor changes any signing request for you. To learn whether a request was signed, use "Get a signing request".',
	method: 'GET',
	path: '/webhooks',
	composite: {
		calls: ['GET /webhooks', 'GET /workspaces'],
		reason:
			"n8n 2.41.1 runs no code of the package when it starts: this lists this n8n's webhooks at the service, hands the waits of Send and Wait to the re-reads and wakes each Document Signing Trigger so that it catches up",
	},
	output: {
		answer: false,
		keyMode: false,
		fields: {
			waiting_executions: { type: 'integer', minimum: 0 },
			waits_picked_up: { type: 'integer', minimum: 0 },
			triggers: {
				type: 'array',
				items: {
					type: 'object',
					properties: {
						workflow: { type: 'string' },
						catch_up: {
							type: 'string',
							enum: ['started', 'running', 'done', 'failed', 'off', 'inactive'],
						},
					},
					required: ['workflow', 'catch_up'],
				},
			},
			listed_at: { type: 'string', format: 'date-time' },
			listed_now: { type: 'boolean' },
		},
	},
};

export const description: INodeProperties[] = [
	{
		displayName:
			"Put this node after a Schedule Trigger (every minute) in a workflow of its own and publish it: n8n starts schedules again by itself after a restart, but nothing of this package. Each run in a new n8n process re-reads this n8n's waiting Send and Wait executions and lets each Document Signing Trigger catch up on what it missed; it fails when n8n cannot reach its own webhook address. Later runs cost no requests to the service for 10 minutes.",
		name: 'catchUpAfterRestartNotice',
		type: 'notice',
		default: '',
	},
];

/** How often a process lists the service's webhooks again for one credential (see the top). */
export const LIST_EVERY_MS = 10 * 60_000;

interface OwnWait {
	url: string;
	until: number;
}

interface OwnTrigger {
	url: string;
	workflow: string;
}

interface Listing {
	at: number;
	waits: OwnWait[];
	triggers: OwnTrigger[];
}

/** The last listing per credential and webhook address, in this process. */
const listings = new Map<string, Listing>();

/** Forgets the listings of this process, as an n8n restart does (tests). */
export function forgetListings(): void {
	listings.clear();
}

/**
 * This n8n's addresses, from an execution's resume URL (`$execution.resumeUrl`:
 * <WEBHOOK_URL>webhook-waiting/<execution id>): its waiting-webhook base (…/webhook-waiting) and
 * its webhook address (WEBHOOK_URL itself).
 */
export function ownBases(resumeUrl: string): { waitingBase: string; urlBase: string } {
	const url = new URL(resumeUrl);
	url.search = '';
	url.hash = '';
	const path = url.pathname.replace(/\/+$/, '');
	url.pathname = path.slice(0, path.lastIndexOf('/'));
	const waitingBase = url.toString();
	url.pathname = `${url.pathname.slice(0, url.pathname.lastIndexOf('/'))}/`;
	return { waitingBase, urlBase: url.toString() };
}

/** A webhook of this n8n at the service, as a wait of Send and Wait or a trigger's, or neither. */
export function classify(
	webhook: IDataObject,
	bases: { waitingBase: string; urlBase: string },
): { wait: OwnWait } | { trigger: OwnTrigger } | undefined {
	const url = String(webhook.url ?? '');
	const text = String(webhook.description ?? '');
	if (url.startsWith(`${bases.waitingBase}/`)) {
		const until = waitEndOf(text);
		return until === undefined ? undefined : { wait: { url, until } };
	}
	const path = url.slice(bases.urlBase.length).split(/[?#]/)[0];
	if (
		url.startsWith(bases.urlBase) &&
		text.startsWith(TRIGGER_DESCRIPTION_PREFIX) &&
		/^[^?#]+\/[^/]+\/webhook$/.test(path)
	)
		return { trigger: { url, workflow: text.slice(TRIGGER_DESCRIPTION_PREFIX.length) } };
	return undefined;
}

function httpCodeOf(error: unknown): string | undefined {
	return error instanceof NodeApiError ? String(error.httpCode) : undefined;
}

/**
 * This n8n's waits and triggers at the service: company-level webhooks (only the protected
 * workspace's key may list them; another key's 403 means none to see) and those of every workspace
 * the key lists, each list filtered by this n8n's webhook address.
 */
async function listOwn(
	context: TransportContext,
	bases: { waitingBase: string; urlBase: string },
	now: number,
): Promise<Listing> {
	const list = async (workspaceId: string | null) => {
		const qs: IDataObject = { url: bases.urlBase };
		if (workspaceId) qs.workspace_id = workspaceId;
		return (await callPages(context, listWebhooks, { qs, returnAll: true })).results;
	};
	const company = await list(null).catch((error: unknown) => {
		if (httpCodeOf(error) === '403') return [] as IDataObject[];
		throw error;
	});
	const workspaces = (await callPages(context, listWorkspaces, { qs: {}, returnAll: true }))
		.results;
	const webhooks = [...company];
	for (const workspace of workspaces) {
		const id = String(workspace.id ?? '');
		if (id) webhooks.push(...(await list(id)));
	}
	const listing: Listing = { at: now, waits: [], triggers: [] };
	for (const webhook of webhooks) {
		const found = classify(webhook, bases);
		if (!found) continue;
		if ('wait' in found) {
			if (found.wait.until > now) listing.waits.push(found.wait);
		} else if (!listing.triggers.some((t) => t.url === found.trigger.url)) {
			listing.triggers.push(found.trigger);
		}
	}
	return listing;
}

/** Where a call went, for messages: the URL without its query (a resume URL's holds its token). */
function withoutQuery(url: string): string {
	return url.split(/[?#]/)[0];
}

export async function execute(this: IExecuteFunctions, i: number): Promise<INodeExecutionData[]> {
	const node = this.getNode();
	// Checks that a credential is chosen and readable, before anything else.
	await getServiceCredentials.call(this, i);
	const resumeUrl = this.getWorkflowDataProxy(i).$execution?.resumeUrl;
	if (typeof resumeUrl !== 'string' || resumeUrl === '')
		throw new NodeOperationError(node, 'n8n gave this execution no resume URL');
	const bases = ownBases(resumeUrl);
	const key = `${budgetKeyOf(this)}|${bases.urlBase}`;
	const now = Date.now();
	let listing = listings.get(key);
	const listedNow = listing === undefined || now - listing.at >= LIST_EVERY_MS;
	if (listedNow) {
		listing = await listOwn(this, bases, now);
		listings.set(key, listing);
	}
	const { waits, triggers } = listing as Listing;
	const live = waits.filter((wait) => wait.until > now);

	// 2. The waits this process does not re-read yet: due at once.
	const pickedUp = live.filter((wait) => !reReads.knows(wait.url));
	for (const wait of pickedUp) reReadWait(this, wait.url, wait.until, now);
	// One re-read call now, to check that n8n reaches its own waiting-webhook address: the wait this
	// process would re-read next (the node reads it at most once per half interval, however often
	// it is called).
	const unreachable: string[] = [];
	const probe = [...reReads.waits()].sort((a, b) => a.dueAt - b.dueAt)[0]?.url ?? live[0]?.url;
	if (probe !== undefined) {
		const outcome = await pokeWith(this.helpers.httpRequest)(probe);
		if (outcome === 'failed')
			unreachable.push(
				`the resume URL of waiting execution ${waitKeyOf(probe).split('/')[0]} (${withoutQuery(probe)})`,
			);
		if (outcome === 'ended' || outcome === 'gone') {
			reReads.remove(probe);
			(listing as Listing).waits = waits.filter((wait) => waitKeyOf(wait.url) !== waitKeyOf(probe));
		}
	}

	// 3. Each trigger of this n8n catches up in the process that serves it.
	const woken: Array<{ workflow: string; catch_up: string }> = [];
	for (const trigger of triggers) {
		const outcome: WakeOutcome = await wakeTrigger(this.helpers.httpRequest, trigger.url);
		if (!outcome.reached) {
			unreachable.push(
				`the webhook of workflow "${trigger.workflow}" (${trigger.url}: ${outcome.detail})`,
			);
			continue;
		}
		woken.push({ workflow: trigger.workflow, catch_up: outcome.state });
	}

	if (unreachable.length > 0) {
		throw new NodeOperationError(
			node,
			`n8n could not reach its own webhook address ${bases.urlBase}`,
			{
				description: `No answer from n8n for ${unreachable.join('; ')}. n8n calls its own public webhook address (WEBHOOK_URL) to re-read waiting Send and Wait executions and to let Document Signing Triggers catch up: that address must also be reachable from n8n itself, and a reverse proxy in front of n8n must forward n8n's own calls to it. Until then, waits whose delivery was lost end only at their time limit, and triggers do not catch up on what they missed while n8n was away.`,
			},
		);
	}

	return [
		{
			json: {
				waiting_executions: live.length,
				waits_picked_up: pickedUp.length,
				triggers: woken,
				listed_at: new Date((listing as Listing).at).toISOString(),
				listed_now: listedNow,
			},
		},
	];
}
