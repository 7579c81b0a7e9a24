import { randomUUID } from 'crypto';
import type {
	IDataObject,
	IHookFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { LoggerProxy, sleep } from 'n8n-workflow';

import type { Change, PollEventKind } from '../shared/changes';
import { changesSince, listPageFetcher, OVERLAP_MS } from '../shared/changes';
import { toEvent } from '../shared/changeEvent';
import { workspacesOf, type PolledWorkspace } from '../shared/workspaceKeys';
import { getServiceCredentials } from '../shared/transport';
import { respond } from '../shared/respond';
import { signatureHeaderFor } from '../shared/signature';
import { WAKE_HEADER, type CatchUpProgress } from '../shared/wake';
import { anySeen, changeKeyOf, lastEventAt, type DedupOptions } from './dedup';
import { resolveEvents } from './lifecycle';

/**
 * The webhook trigger's catch-up: when the trigger starts listening again, it asks the service's
 * lists what changed since the last event it took, and starts the workflow once for each change it
 * missed, of the kinds the lists reveal (a signing request sent, completed, declined, cancelled or
 * expired) among the chosen events, marked `source: "catch-up"`.
 *
 * When it starts: at activation and re-registration (n8n calls `checkExists`, then `create` if that
 * answered false), and, in a process that has not started one for the trigger yet, at the first
 * request n8n passes to the trigger's webhook() (`catchUpOnFirstRequest`). The second is for n8n's
 * restart: n8n 2.41.1 calls no method of a webhook node when it starts with the workflow's webhook
 * already stored (its default publication service, `WorkflowPublicationReconciler`, re-publishes
 * only workflows whose in-memory triggers or versions differ; `ActiveWorkflowManager.init`, which
 * would call `checkExists`, runs only with N8N_USE_WORKFLOW_PUBLICATION_SERVICE=false). So after a
 * restart the catch-up waits for the trigger's next request: any delivery of the service (an event
 * of the webhook's, chosen or not, or a retry), a catch-up delivery of another process.
 *
 * How the executions are started: n8n 2.41.1 lets a webhook node start an execution only from its
 * webhook() (IHookFunctions, what runs at activation, has no emit; a node that also had trigger()
 * would have n8n run that instead of passing the delivery on in manual runs: n8n-core
 * workflow-execute.js `executeTriggerNode`). So the catch-up delivers each missed event to the
 * trigger's own webhook URL, one after another, signed with the credential's Webhook Signing Secret
 * as the service signs: each goes through the same verification, deduplication and "execution
 * exists before 200" path as a delivery of the service (receive.ts) and starts one execution.
 *
 * Never twice: a caught-up event's id is `catchup_<type>_<request id>`; every event the trigger
 * takes of a kind the catch-up can find also records the change it reports
 * (`change:<type>:<request id>`, dedup.ts). The catch-up skips changes already recorded; a delivery
 * of the service is a duplicate when its change was caught up; a caught-up event is a duplicate
 * when its change was delivered. (Two deliveries of the service with different event ids for the
 * same change still start twice, as before.)
 *
 * Since when: `lastEventAt` (when the newest event taken happened) minus `LOOKBACK_MS`, because the
 * service retries an event for an hour, so an older event may still have been on its way. The
 * catch-up's state (static data `catchUp`) is written only at activation and by the catch-up's last
 * delivery (`catch_up` in its body), once everything before it was taken:
 *  - `doneThrough`: the last catch-up that finished read the lists at this time;
 *  - `pendingSince` / `pendingFrom`: a catch-up planned at `pendingSince`, reading from
 *    `pendingFrom`, has not finished; the next one starts no later than `pendingFrom`;
 *  - `since`: when the trigger first started listening; nothing before it is reported (the
 *    service delivered nothing of that time to this trigger, so it missed nothing then);
 *  - `openSince`: per workspace, when the oldest request in progress at the last finished
 *    catch-up was sent (declines, cancellations and expiries can only be found by reading back
 *    that far: the list cannot be sorted by their dates).
 * The first activation reports nothing old: it only notes `openSince`.
 */

export const CATCH_UP_KEY = 'catchUp';
/** What caught-up events say in `source`. */
export const CATCH_UP_SOURCE = 'catch-up';
/** The body's field with the state the last delivery of a catch-up completes. */
export const COMPLETION_FIELD = 'catch_up';
/** The event type of a delivery that only completes a catch-up (nothing missed). */
export const CATCH_UP_DONE = 'n8n.catch_up.done';
/**
 * The event type of the delivery that reports a catch-up that could not read the service's lists:
 * the trigger throws its message, so that the workflow shows a failed execution (receive.ts).
 */
export const CATCH_UP_FAILED = 'n8n.catch_up.failed';
/** The body's field with that failure's message and description. */
export const FAILURE_FIELD = 'catch_up_error';
/** The service retries an event for an hour (after 5 minutes and after 1 hour): look back that far. */
export const LOOKBACK_MS = 65 * 60_000;
/**
 * Before the first delivery: n8n finishes the activation (and saves static data) meanwhile. A
 * setting object (not a constant) so that tests, whose rig saves at once, need not wait 5 s.
 */
export const catchUpTiming = { firstDelayMs: 5_000 };
/** Waits between attempts of one delivery (then the catch-up stops until the next activation). */
export const RETRY_DELAYS_MS: readonly number[] = [
	5_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000, 900_000, 900_000, 900_000,
];

export interface CatchUpState extends IDataObject {
	doneThrough: number;
	since?: number;
	pendingSince?: number;
	pendingFrom?: number;
	openSince: Record<string, number | null>;
}

/** What the last delivery of a catch-up carries (`catch_up` in the body). */
export interface Completion extends IDataObject {
	/** The catch-up read the lists at this time. */
	through: number;
	/** The oldest request in progress per workspace then (see `openSince`). */
	open_since: Record<string, number | null>;
}

/** The event types the catch-up reports for each kind of change, among the chosen ones. */
export function catchUpTypes(chosen: readonly string[]): Map<PollEventKind, string[]> {
	const types = new Map<PollEventKind, string[]>();
	const add = (kind: PollEventKind, type: string) => {
		if (chosen.includes(type)) types.set(kind, [...(types.get(kind) ?? []), type]);
	};
	add('sent', 'signing_request.sent');
	add('completed', 'signing_request.completed');
	add('declined', 'signing_request.recipient.declined');
	add('declined', 'signing_request.declined');
	add('cancelled', 'signing_request.cancelled');
	add('expired', 'signing_request.expired');
	return types;
}

export function readState(staticData: IDataObject): CatchUpState | undefined {
	const raw = staticData[CATCH_UP_KEY] as IDataObject | undefined;
	if (!raw || typeof raw !== 'object' || typeof raw.doneThrough !== 'number') return undefined;
	return {
		...raw,
		doneThrough: raw.doneThrough,
		openSince: (raw.openSince ?? {}) as Record<string, number | null>,
	} as CatchUpState;
}

export function isPending(state: CatchUpState | undefined): boolean {
	return (
		state?.pendingSince !== undefined &&
		state.pendingSince > state.doneThrough &&
		state.pendingFrom !== undefined
	);
}

/**
 * Where the next catch-up starts reading: `LOOKBACK_MS` before the newest event taken (or the last
 * finished catch-up, whichever is later), or where an unfinished catch-up started, if earlier;
 * never before the trigger first started listening (`since`).
 */
export function startOf(state: CatchUpState, lastTaken: number | undefined): number {
	const base = Math.max(lastTaken ?? 0, state.doneThrough);
	const start = base - LOOKBACK_MS;
	const from = isPending(state) ? Math.min(start, state.pendingFrom as number) : start;
	return typeof state.since === 'number' ? Math.max(from, state.since) : from;
}

/**
 * The dedup options of this trigger: entries still needed by the next catch-up (from its start on)
 * are kept beyond the usual retention.
 */
export function dedupOptions(staticData: IDataObject, scope: string, nowMs: number): DedupOptions {
	const state = readState(staticData);
	if (!state) return { nowMs };
	return { nowMs, keepSince: startOf(state, lastEventAt(staticData, scope)) - OVERLAP_MS };
}

/**
 * Applies a finished catch-up (from its last delivery): `doneThrough` moves on, and if no catch-up
 * was planned after it, the pending one is over and `openSince` is the one it found.
 */
export function complete(staticData: IDataObject, completion: unknown): boolean {
	const done = completion as Completion | undefined;
	if (!done || typeof done.through !== 'number') return false;
	const state = readState(staticData) ?? { doneThrough: 0, openSince: {} };
	const next: CatchUpState = { ...state, doneThrough: Math.max(state.doneThrough, done.through) };
	if (next.pendingSince === undefined || next.pendingSince <= next.doneThrough) {
		delete next.pendingSince;
		delete next.pendingFrom;
		next.openSince = { ...state.openSince, ...(done.open_since ?? {}) };
	}
	staticData[CATCH_UP_KEY] = next;
	return true;
}

/** One missed change to start: the event as the trigger outputs it, and its keys. */
export interface PlannedEvent {
	json: IDataObject;
	/** The change it reports (recorded when a delivery of the service takes it). */
	changeKey: string;
}

/**
 * The events to start for the changes found: one per chosen type of each change (a decline can be
 * chosen as both decline events), oldest first, leaving out those already taken (`taken` answers
 * for a list of keys: the caught-up event's id and the change it reports).
 */
export function plan(
	found: Array<{ change: Change; workspace: { id: string; name: string } }>,
	types: Map<PollEventKind, string[]>,
	taken: (keys: string[]) => boolean,
): PlannedEvent[] {
	const planned: PlannedEvent[] = [];
	const sorted = [...found].sort(
		(a, b) => (Date.parse(a.change.at) || 0) - (Date.parse(b.change.at) || 0),
	);
	for (const { change, workspace } of sorted) {
		for (const type of types.get(change.kind) ?? []) {
			const item: INodeExecutionData = toEvent(
				change,
				workspace.id,
				workspace.name,
				CATCH_UP_SOURCE,
				type,
			);
			const changeKey = changeKeyOf(type, String(change.item.id)) as string;
			if (taken([String(item.json.id), changeKey])) continue;
			if (planned.some((p) => p.json.id === item.json.id)) continue;
			planned.push({ json: item.json, changeKey });
		}
	}
	return planned;
}

/** Running catch-ups of this process, per trigger: a newer activation or a deactivation stops one. */
const running = new Map<string, AbortController>();
/** Triggers this process started a catch-up for (or decided it needs none): see the top. */
const startedHere = new Set<string>();
/** How the last catch-up of each trigger in this process went (for wakes: ../shared/wake.ts). */
const outcomes = new Map<string, Exclude<CatchUpProgress, 'started'>>();

/** What a catch-up needs of n8n: activation (`checkExists`) or a request (webhook()). */
export type CatchUpContext = IHookFunctions | IWebhookFunctions;

/** The trigger's identity in this process (the webhook deliveries' dedup scope). */
export function triggerScope(workflowId: string | undefined, nodeId: string): string {
	return `${workflowId ?? ''}|${nodeId}|webhook`;
}

/** Stops this trigger's catch-up in this process (deactivation). */
export function stopCatchUp(context: CatchUpContext): void {
	const key = triggerScope(context.getWorkflow().id, context.getNode().id);
	running.get(key)?.abort();
	running.delete(key);
}

export interface CatchUpOptions {
	catchUp?: boolean;
}

/**
 * At activation (`checkExists`), or at the first request after n8n's start: notes the catch-up as
 * planned (saved with the activation or the request) and runs it in the background, so neither
 * waits for it: reading the lists, delivering each missed event to the trigger's own URL, and
 * completing the state with the last delivery.
 * Nothing for "Listen for test event", with the option off, or when no chosen event is one the
 * lists reveal.
 */
export function startCatchUp(context: CatchUpContext): void {
	if (context.getMode() === 'manual' || context.getActivationMode?.() === 'manual') return;
	const scope = triggerScope(context.getWorkflow().id, context.getNode().id);
	startedHere.add(scope);
	outcomes.set(scope, 'off');
	const options = context.getNodeParameter('options', {}) as CatchUpOptions;
	if (options.catchUp === false) return;
	const types = catchUpTypes(
		resolveEvents(
			context.getNode(),
			context.getNodeParameter('events', []),
			context.getNodeParameter('additionalEvents', ''),
		),
	);
	if (types.size === 0) return;
	const url = context.getNodeWebhookUrl('default');
	if (!url) return;

	const staticData = context.getWorkflowStaticData('node');
	const now = Date.now();
	const state = readState(staticData);
	const first = state === undefined;
	const start = first ? now : startOf(state, lastEventAt(staticData, scope));
	// Planned: saved with the activation (or the request), so an unfinished catch-up is taken up
	// again next time.
	staticData[CATCH_UP_KEY] = {
		...(state ?? { doneThrough: now, since: now, openSince: {} }),
		pendingSince: now,
		pendingFrom: isPending(state) ? Math.min(state!.pendingFrom!, start) : start,
	};

	running.get(scope)?.abort();
	const controller = new AbortController();
	running.set(scope, controller);
	outcomes.set(scope, 'running');
	const label = labelOf(context);
	void runCatchUp(context, {
		url,
		start,
		through: now,
		first,
		types,
		openSince: state?.openSince ?? {},
		staticData,
		scope,
		signal: controller.signal,
	})
		.then(
			(count) => {
				if (running.get(scope) === controller) outcomes.set(scope, 'done');
				if (count > 0) LoggerProxy.info(`${label}: caught up ${count} missed event(s)`);
			},
			(error: unknown) => {
				if (running.get(scope) === controller) outcomes.set(scope, 'failed');
				LoggerProxy.warn(
					`${label} could not catch up with the events it may have missed: ${(error as Error).message}. It tries again at its next activation, or at its first request after n8n's next start.`,
				);
			},
		)
		.finally(() => {
			if (running.get(scope) === controller) running.delete(scope);
		});
}

/** "Document Signing Trigger "<node>" of workflow "<workflow>"", for n8n's log. */
function labelOf(context: CatchUpContext): string {
	return `Document Signing Trigger "${context.getNode().name}" of workflow "${context.getWorkflow().name ?? context.getWorkflow().id ?? ''}"`;
}

/**
 * At each request n8n passes to the trigger (webhook(), before the request is handled, so that the
 * catch-up starts where the saved state says, not after the event this request may bring): starts
 * the catch-up if this process has not started one for the trigger (n8n restarted: see the top).
 * Its planned state is written to the same static data the request saves. Not for test runs; a
 * failure here never stops the request from being handled.
 */
export function catchUpOnFirstRequest(context: IWebhookFunctions): boolean {
	if (context.getMode() !== 'webhook') return false;
	if (startedHere.has(triggerScope(context.getWorkflow().id, context.getNode().id))) return false;
	try {
		startCatchUp(context);
		return true;
	} catch (error) {
		// The request itself is handled whatever happens here.
		LoggerProxy.warn(
			`${labelOf(context)} could not start its catch-up: ${(error as Error).message}`,
		);
		return false;
	}
}

/** Whether this request is a wake (../shared/wake.ts). */
export function isWake(context: IWebhookFunctions): boolean {
	return (context.getHeaderData() as Record<string, unknown>)[WAKE_HEADER] !== undefined;
}

/**
 * Answers a wake: which state this trigger's catch-up is in, in this process. `started`: the
 * request that brought the wake started it (`catchUpOnFirstRequest`). Starts no workflow.
 */
export function answerWake(context: IWebhookFunctions, started: boolean): IWebhookResponseData {
	const scope = triggerScope(context.getWorkflow().id, context.getNode().id);
	const state: CatchUpProgress =
		started && outcomes.get(scope) === 'running' ? 'started' : (outcomes.get(scope) ?? 'off');
	return respond(context, 200, { received: true, woken: true, catch_up: state });
}

/** Notes the trigger's catch-up as started in this process (tests that do not want one). */
export function markCatchUpStarted(scope: string): void {
	startedHere.add(scope);
}

/** Forgets which triggers this process started a catch-up for, as an n8n restart does (tests). */
export function forgetCatchUps(): void {
	startedHere.clear();
	outcomes.clear();
}

interface Run {
	url: string;
	start: number;
	through: number;
	first: boolean;
	types: Map<PollEventKind, string[]>;
	openSince: Record<string, number | null>;
	staticData: IDataObject;
	scope: string;
	signal: AbortSignal;
}

/** The whole catch-up; resolves with the number of events delivered. */
async function runCatchUp(context: CatchUpContext, run: Run): Promise<number> {
	await pause(catchUpTiming.firstDelayMs, run.signal);
	if (run.signal.aborted) return 0;
	const credentials = await getServiceCredentials.call(context);
	const secret = String(credentials.webhookSigningSecret ?? '').trim();
	const post = poster(context.helpers.httpRequest, run.url, secret);
	let failure: Error | undefined;
	const planned = await planDeliveries(context, run).catch((error: Error) => {
		failure = error;
		return undefined;
	});
	if (run.signal.aborted) return 0;
	if (failure) {
		// The workflow shows a failed execution with the reason (if n8n reaches itself).
		await reportFailure(post, failure);
		throw new Error(`its read of the service failed: ${failure.message}`);
	}
	if (!planned) return 0;
	for (const body of planned.bodies) {
		for (let attempt = 0; ; attempt++) {
			if (run.signal.aborted) return 0;
			const { outcome, status } = await post(body);
			if (outcome === 'taken') break;
			if (outcome === 'refused' || attempt >= RETRY_DELAYS_MS.length)
				throw new Error(
					outcome === 'refused'
						? `its own webhook refused a caught-up event (${String(body.type)}); check the credential's Webhook Signing Secret`
						: `n8n could not be reached at the trigger's webhook address (${run.url}); n8n must be able to reach its own webhook address`,
				);
			if (attempt === 0)
				LoggerProxy.warn(
					`${labelOf(context)} could not reach its own webhook address ${run.url} (${status ? `answer ${status}` : 'no answer'}) to start the events it missed. n8n calls its own public webhook address (WEBHOOK_URL) for this: that address must also be reachable from n8n itself, and a reverse proxy in front of n8n must forward n8n's own calls to it. It tries again for about an hour.`,
				);
			await pause(RETRY_DELAYS_MS[attempt], run.signal);
		}
	}
	return planned.count;
}

/**
 * Reads the lists and plans the deliveries: one per missed change, the last one completing the
 * state (or, with nothing missed, one that only completes it). Undefined when stopped meanwhile.
 */
async function planDeliveries(
	context: CatchUpContext,
	run: Run,
): Promise<{ bodies: IDataObject[]; count: number } | undefined> {
	const wanted = new Set<PollEventKind>(run.first ? [] : [...run.types.keys()]);
	const workspaces = (await workspacesOf(context)).filter(
		(workspace: PolledWorkspace<CatchUpContext>) =>
			context.getNodeParameter('scope', 'company') !== 'company' ||
			!workspace.ignoresCompanyWebhooks,
	);
	const found: Array<{ change: Change; workspace: { id: string; name: string } }> = [];
	const openSince: Record<string, number | null> = {};
	for (const workspace of workspaces) {
		if (run.signal.aborted) return undefined;
		const result = await changesSince(
			listPageFetcher(workspace.context),
			run.start,
			run.openSince[workspace.id] ?? undefined,
			wanted,
		);
		openSince[workspace.id] = result.openSince ?? null;
		for (const change of result.changes)
			found.push({ change, workspace: { id: workspace.id, name: workspace.name } });
	}
	const nowMs = Date.now();
	const options = dedupOptions(run.staticData, run.scope, nowMs);
	const planned = plan(found, run.types, (keys) =>
		anySeen(run.staticData, run.scope, keys, options),
	);
	const completion: Completion = { through: run.through, open_since: openSince };
	const bodies: IDataObject[] = planned.map((p) => ({ ...p.json }));
	if (bodies.length === 0)
		bodies.push({
			id: `catchup_done_${run.through}`,
			type: CATCH_UP_DONE,
			created_at: new Date(run.through).toISOString(),
			data: {},
			source: CATCH_UP_SOURCE,
		});
	bodies[bodies.length - 1][COMPLETION_FIELD] = completion;
	return { bodies, count: planned.length };
}

/**
 * A catch-up that could not read the lists (the service refused or failed): one delivery to the
 * trigger's own URL that makes the workflow show a failed execution with the reason (receive.ts).
 * If n8n cannot be reached either, only n8n's log says so.
 */
async function reportFailure(post: Post, error: Error): Promise<void> {
	const description = (error as { description?: unknown }).description;
	const now = Date.now();
	await post({
		id: `catchup_failed_${now}`,
		type: CATCH_UP_FAILED,
		created_at: new Date(now).toISOString(),
		data: {},
		source: CATCH_UP_SOURCE,
		[FAILURE_FIELD]: {
			message: error.message,
			description: typeof description === 'string' ? description : '',
		},
	}).catch(() => undefined);
}

type Outcome = 'taken' | 'retry' | 'refused';
type Post = (body: IDataObject) => Promise<{ outcome: Outcome; status: number }>;

/** Delivers one body to the trigger's URL, signed as the service signs. */
function poster(
	httpRequest: (options: IHttpRequestOptions) => Promise<unknown>,
	url: string,
	secret: string,
): Post {
	return async (body) => {
		const raw = JSON.stringify(body);
		const headers: IDataObject = {
			'Content-Type': 'application/json',
			'X-Service-Event': String(body.type),
			'X-Catch-Up': randomUUID(),
		};
		if (secret)
			headers['X-Service-Signature'] = signatureHeaderFor(
				secret,
				Math.floor(Date.now() / 1000),
				raw,
			);
		try {
			const response = (await httpRequest({
				method: 'POST',
				url,
				headers,
				body: raw,
				json: false,
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
				timeout: 30_000,
			})) as { statusCode?: number };
			const status = Number(response?.statusCode ?? 0);
			if (status >= 200 && status < 300) return { outcome: 'taken', status };
			if (status === 400 || status === 401) return { outcome: 'refused', status };
			return { outcome: 'retry', status };
		} catch {
			return { outcome: 'retry', status: 0 };
		}
	};
}

/** Waits, in slices, unless the catch-up is stopped. */
async function pause(ms: number, signal: AbortSignal): Promise<void> {
	const end = Date.now() + ms;
	while (!signal.aborted && Date.now() < end) await sleep(Math.min(1_000, end - Date.now()));
}
