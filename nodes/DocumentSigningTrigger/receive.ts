import type {
	IDataObject,
	INodeExecutionData,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { TEST_EVENT_TYPE } from '../shared/events';
import {
	changeKeyOf,
	claimEvent,
	eventState,
	flushUnsaved,
	type EventClaim,
	type EventState,
	startsSettled,
	writeSeen,
} from './dedup';
import type { DocumentSigningEvent } from '../shared/envelope';
import { enrich } from '../shared/enrich';
import { eventInShape, type EventExtras } from '../shared/signingRequest';
import { normaliseEnvelope, parseBody, signingRequestIdOf } from '../shared/envelope';
import {
	CATCH_UP_DONE,
	CATCH_UP_FAILED,
	CATCH_UP_SOURCE,
	complete,
	COMPLETION_FIELD,
	dedupOptions,
	FAILURE_FIELD,
	triggerScope,
} from './catchUp';
import { catchUpEventId } from '../shared/changeEvent';
import { resolveEvents } from './lifecycle';
import { keepAnswer, respond, RETRY_AFTER_SECONDS, retryLater } from '../shared/respond';
import { describeRefusal, type Refusal } from '../shared/refusal';
import { verifyWithCredential } from '../shared/verifyWithCredential';
import { DELIVERY_HEADER, rawBodyOf, singleHeader } from '../shared/signature';

/**
 * What happens to each delivery, in this order (nothing before step 6 starts a workflow):
 *  1. signature (unless "Verify Signatures" is off): X-Service-Signature, then X-Service-Signature-Old,
 *     over the raw body bytes, within the timestamp tolerance → otherwise 401 (the credential's
 *     secret is read at most every 10 s, and again whenever it does not verify: see ../shared/verifyWithCredential.ts);
 *     while the editor listens for a test event, the reason is also shown there (see refuse())
 *  2. payload: a JSON object with an event id and type (either envelope shape) → otherwise 400
 *  3. test deliveries (`webhook.test`): dropped (200) unless the "Test Deliveries" option passes them
 *  4. event type not among the chosen events → 200, ignored
 *  5. event id already started (a retry or a replay) → 200, duplicate. A copy of an event that this
 *     process is starting right now waits for that start: 200 duplicate once it exists, otherwise it
 *     starts the event itself, or 503 (Retry-After) when the start takes too long. The same for a
 *     delivery of the service whose change was caught up, and for a caught-up event (the trigger's
 *     own delivery, catchUp.ts) whose change a delivery of the service brought (dedup.ts).
 *  6. accepted: the node hands the event to n8n, which creates the execution; only then is the
 *     delivery answered 200, and only then does the event id count as seen.
 * Steps 1–5 answer the delivery from the node (`noWebhookResponse`, no workflow data).
 *
 * How step 6 knows that the execution exists (n8n's webhook-helpers, live-webhooks and
 * workflow-runner; docs/DESIGN.md lists this among the choices that depend on n8n's internals, with
 * the tests that fail if n8n changes it): for a node answering "onReceived", n8n creates the
 * execution (in queue mode: creates it and enqueues the job), then reads the result's
 * `webhookResponse` for the body of its answer, then saves the workflow's static data if it
 * changed, then answers. If creating the execution fails (its database is locked or down), n8n
 * answers an error instead and never reads `webhookResponse`. So `webhookResponse` is a getter that
 * records the event id: it runs after the execution exists and before the static data is saved, in
 * every mode. (Recording the id inside webhook() itself would not be saved: building the execution
 * wraps the same static-data object again, which clears its "changed" mark.) A 5xx that n8n sends
 * before that point is turned into 503 with Retry-After, so the service tries again; the retry
 * runs, as the id was never recorded. If n8n ever answered 2xx without reading the getter, the id
 * is still remembered in this process.
 */

export interface TriggerOptions {
	timestampTolerance?: number;
	includeHeaders?: boolean;
	includeRawBody?: boolean;
	testDeliveries?: 'manualOnly' | 'always' | 'never';
	catchUp?: boolean;
	fetchSigningRequest?: boolean;
	attachSignedPdf?: boolean;
	binaryPropertyName?: string;
}

/** Request headers that never go into the output. */
const HIDDEN_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie']);

/**
 * n8n reads the body of a version 1 node's request whatever its Content-Type; for version 2 it
 * leaves bodies of types it does not parse (JSON, text, form, XML) unread. Read them, as n8n's own
 * Webhook node does, so that both versions verify the same bytes.
 */
async function readRawBody(context: IWebhookFunctions): Promise<void> {
	const req = context.getRequestObject() as {
		rawBody?: unknown;
		readRawBody?: () => Promise<void>;
	};
	if (req.rawBody === undefined && typeof req.readRawBody === 'function') await req.readRawBody();
}

function shownHeaders(headers: Record<string, unknown>): IDataObject {
	const shown: IDataObject = {};
	for (const [name, value] of Object.entries(headers)) {
		if (HIDDEN_HEADERS.has(name.toLowerCase())) continue;
		shown[name.toLowerCase()] = Array.isArray(value) ? value.map(String) : String(value);
	}
	return shown;
}

export async function receive(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const options = this.getNodeParameter('options', {}) as TriggerOptions;
	const verify = this.getNodeParameter('verifySignatures', true) !== false;
	const headers = this.getHeaderData() as Record<string, unknown>;
	await readRawBody(this);
	const rawBody = rawBodyOf(this);

	// 1. Signature.
	if (verify) {
		// Without the exact bytes received nothing can be verified (re-serialised JSON never is).
		if (!rawBody) return refuse(this, { reason: 'raw_body_unavailable' }, headers);
		const result = await verifyWithCredential(this, headers, rawBody, options.timestampTolerance);
		if (!result.valid) return refuse(this, result, headers);
	}

	// 2. Payload.
	const body = rawBody ? parseBody(rawBody) : (this.getBodyData() as IDataObject);
	const deliveryId = singleHeader(headers, DELIVERY_HEADER).value ?? null;
	const envelope = normaliseEnvelope(body, deliveryId);
	if (!envelope.ok)
		return respond(this, 400, { error: 'Invalid payload', message: envelope.reason });
	const event = envelope.event;
	// The trigger's own catch-up (catchUp.ts): verified like every delivery above.
	const caughtUp = body?.[SOURCE_FIELD] === CATCH_UP_SOURCE;
	const completion = caughtUp ? body?.[COMPLETION_FIELD] : undefined;
	if (caughtUp && event.type === CATCH_UP_DONE) {
		await keepSeen(this, completion);
		return respond(this, 200, { received: true, ignored: 'catch_up_done' });
	}
	if (caughtUp && event.type === CATCH_UP_FAILED) return catchUpFailed(this, body?.[FAILURE_FIELD]);

	// 3. and 4. Which events start the workflow.
	if (event.type === TEST_EVENT_TYPE) {
		const mode = options.testDeliveries ?? 'never';
		const pass = mode === 'always' || (mode === 'manualOnly' && this.getMode() === 'manual');
		if (!pass) return respond(this, 200, { received: true, ignored: 'test_delivery' });
	} else {
		const wanted = resolveEvents(
			this.getNode(),
			this.getNodeParameter('events', []),
			this.getNodeParameter('additionalEvents', ''),
		);
		if (!wanted.includes(event.type)) {
			await keepSeen(this, completion);
			return respond(this, 200, { received: true, ignored: 'event_not_selected' });
		}
	}

	// 5. Deduplication by event id (workflow static data, and this process's memory of it), and by
	// the change the event reports against the other source (service or catch-up).
	const scope = scopeOf(this);
	const staticData = this.getWorkflowStaticData('node');
	const dedup = () => dedupOptions(staticData, scope, Date.now());
	const requestId = signingRequestIdOf(event);
	const changeKey = changeKeyOf(event.type, requestId);
	// A caught-up event is the same as a delivery of its change; a delivery of the service is the
	// same as the caught-up event of its change.
	const twins = caughtUp
		? changeKey
			? [changeKey]
			: []
		: changeKey
			? [catchUpEventId(event.type, requestId as string)]
			: [];
	const stateOf = (): EventState =>
		combined([event.id, ...twins].map((key) => eventState(staticData, scope, key, dedup())));
	let known = stateOf();
	if (known.state === 'starting') {
		// A copy of an event this process is starting right now: wait for that start.
		const outcome = await within(known.outcome, receiveTiming.copyWaitMs, 'pending' as const);
		if (outcome === 'pending') return busy(this, event.id);
		known = stateOf();
		if (known.state === 'starting') return busy(this, event.id);
	}
	if (known.state === 'seen') {
		await keepSeen(this, completion);
		return respond(this, 200, { received: true, duplicate: true, event_id: event.id });
	}

	// 6. Accepted: n8n creates the execution, then answers (see the comment at the top).
	const claim = claimEvent(scope, event.id, dedup());
	// Recorded with the id: the change a delivery of the service reports (the catch-up then skips
	// it), and when the event happened (where the next catch-up starts looking).
	if (changeKey && !caughtUp) claim.also.keys.push(changeKey);
	const happened = Date.parse(String(event.created_at ?? ''));
	claim.also.eventAt = Number.isFinite(happened) ? happened : Date.now();
	try {
		const json: IDataObject = { ...event, source: caughtUp ? CATCH_UP_SOURCE : 'webhook' };
		if (caughtUp) json.delivery_id = null;
		if (options.includeHeaders) json.headers = shownHeaders(headers);
		if (options.includeRawBody)
			json.raw_body = rawBody ? rawBody.toString('utf8') : JSON.stringify(body ?? {});
		const item: INodeExecutionData = { json };
		const extras =
			options.fetchSigningRequest || options.attachSignedPdf
				? await enrichWithin.call(this, event, item, options)
				: {};
		// Simplify (on by default): the signing request in the one shape (shared/signingRequest.ts).
		if (this.getNodeParameter('simplify', true) !== false)
			item.json = eventInShape(item.json, extras);
		watchAnswer(this, claim);
		const answer: IDataObject = { received: true, event_id: event.id };
		return {
			workflowData: [[item]],
			// Read by n8n once the execution exists (and only then): the event now counts as seen.
			get webhookResponse() {
				claim.started(staticData, Date.now());
				// The catch-up's report changes the state: the save carries every id (dedup.ts).
				if (completion && complete(staticData, completion)) writeSeen(staticData, scope, dedup());
				return answer;
			},
		};
	} catch (error) {
		claim.failed();
		throw new NodeOperationError(this.getNode(), error as Error);
	}
}

/**
 * For answers that start nothing. The catch-up's report (`completion`) changes the static data,
 * which n8n then saves whole: the save waits for this trigger's starts under way (within the copy
 * wait) and carries every id this process knows, so that it does not put back the list this
 * request loaded before their saves (an event would start again after a restart). Otherwise only
 * ids not yet written are written (dedup.ts).
 */
async function keepSeen(context: IWebhookFunctions, completion: unknown): Promise<void> {
	const staticData = context.getWorkflowStaticData('node');
	const scope = scopeOf(context);
	if (completion && complete(staticData, completion)) {
		await within(startsSettled(scope), receiveTiming.copyWaitMs, undefined);
		writeSeen(staticData, scope, dedupOptions(staticData, scope, Date.now()));
	} else flushUnsaved(staticData, scope, dedupOptions(staticData, scope, Date.now()));
}

/**
 * The catch-up could not read the service's lists (catchUp.ts `reportFailure`, verified like every
 * delivery): answered 200, then the reason is thrown, so that n8n runs the workflow with the error
 * on this node (webhook-helpers.js `executeWebhook`, as for a refused delivery while listening, see
 * refuse()): the workflow shows a failed execution saying why, and its error workflow runs.
 * keepAnswer() keeps the 200 as the only answer.
 */
function catchUpFailed(context: IWebhookFunctions, failure: unknown): never {
	const { message, description } = (failure ?? {}) as IDataObject;
	respond(context, 200, { received: true, catch_up: 'failed' });
	keepAnswer(context);
	throw new NodeOperationError(
		context.getNode(),
		`The trigger could not catch up with the events it may have missed: ${String(message ?? 'the service could not be read')}`,
		{
			description: `${typeof description === 'string' && description ? `${description} ` : ''}Events sent, completed, declined, cancelled or expired while n8n was away are not started until a catch-up succeeds: check the credential (its API key may read the signing requests of every workspace of the trigger's scope), then deactivate and activate this workflow to catch up again (it also catches up after n8n's next start).`,
		},
	);
}

/**
 * A delivery that failed verification: answered 401, nothing started, the reason logged.
 *
 * While the editor listens for a test event (mode "manual") the reason is also shown in the
 * editor: after answering, webhook() throws it. n8n 2.41.1 (webhook-helpers.js `executeWebhook`)
 * then runs the workflow with the error set on this node (its comment: so it can be sent to the
 * Editor-UI): `resultData.error` and `lastNodeExecuted` are this node, so WorkflowExecute
 * (`rethrowLastNodeError`) fails this node with the error before anything after it runs, the
 * editor receives the execution (test-webhooks.js pushes `testWebhookReceived`) and stops
 * listening. keepAnswer() keeps the 401 as the answer (n8n would answer the error a second time).
 * A published workflow only answers and logs: no execution, as every refused delivery.
 */
function refuse(
	context: IWebhookFunctions,
	failure: Pick<Refusal, 'reason'> & { timestamp?: number; toleranceSeconds?: number },
	headers: Record<string, unknown>,
): IWebhookResponseData {
	const node = context.getNode();
	const scope =
		context.getNodeParameter('scope', 'company') === 'workspace' ? 'workspace' : 'company';
	const refusal = describeRefusal(failure, {
		receiver: 'Document Signing Trigger',
		credentialName: node.credentials?.documentSigningApi?.name,
		scope,
		workspaceId: scope === 'workspace' ? workspaceOf(context) : undefined,
		nowSeconds: Math.floor(Date.now() / 1000),
	});
	context.logger.warn(
		`Document Signing Trigger refused a delivery: ${refusal.reason}. ${refusal.message}`,
		{
			node: node.name,
			delivery: singleHeader(headers, DELIVERY_HEADER).value,
		},
	);
	respond(context, 401, { error: 'Invalid signature', code: refusal.reason });
	if (context.getMode() !== 'manual') return { noWebhookResponse: true };
	keepAnswer(context);
	throw new NodeOperationError(node, refusal.message, { description: refusal.description });
}

/** The chosen workspace's id, if it can be read (only for the words of a refusal). */
function workspaceOf(context: IWebhookFunctions): string | undefined {
	try {
		const id = context.getNodeParameter('workspace', '', { extractValue: true });
		return typeof id === 'string' && id.trim() !== '' ? id.trim() : undefined;
	} catch {
		return undefined;
	}
}

/** The body's field that marks the trigger's own caught-up deliveries (catchUp.ts). */
const SOURCE_FIELD = 'source';

/** The trigger in this process: workflow, node and mode (test runs are separate). */
function scopeOf(context: IWebhookFunctions): string {
	return context.getMode() === 'webhook'
		? triggerScope(context.getWorkflow().id, context.getNode().id)
		: `${context.getWorkflow().id ?? ''}|${context.getNode().id}|${context.getMode()}`;
}

/** One state for several keys: seen if any is, else starting if any is, else new. */
function combined(states: EventState[]): EventState {
	return (
		states.find((state) => state.state === 'seen') ??
		states.find((state) => state.state === 'starting') ??
		states[0]
	);
}

/**
 * Waits of a delivery, within the 5 s the service waits for the answer. Tests shorten them for a
 * test and put them back (as `catchUpTiming` in catchUp.ts); a test pins these values.
 */
export const receiveTiming = {
	/** How long a copy waits for the start of the same event by this process. */
	copyWaitMs: 4000,
	/** How long enrichment may take before the workflow starts without it. */
	enrichBudgetMs: 3000,
};
/** A start n8n never answered for is given up after this long (copies may then start it). */
export const STALE_CLAIM_MS = 60_000;

/** 503: try again later (the event was not started by this delivery). */
function busy(context: IWebhookFunctions, eventId: string): IWebhookResponseData {
	return retryLater(context, {
		received: false,
		event_id: eventId,
		message: 'The same event is being started right now; deliver it again later',
	});
}

/**
 * Follows n8n's answer to an accepted delivery. n8n writes the answer's head only when it is done
 * with the start:
 * - 2xx: the execution exists (normally the `webhookResponse` getter recorded it already; if not,
 *   this process remembers the id);
 * - anything else before the execution exists (n8n could not create it): the claim is released, and
 *   a 5xx goes out as 503 with Retry-After, so that the service delivers the event again.
 * If the sender hangs up first (the service waits 5 s), n8n still finishes the start and records
 * it; only when n8n never answers is the claim released, after STALE_CLAIM_MS.
 */
export function watchAnswer(context: IWebhookFunctions, claim: EventClaim): void {
	const res = context.getResponseObject();
	const writeHead = res.writeHead as (...args: unknown[]) => unknown;
	res.writeHead = function (this: typeof res, status: number, ...rest: unknown[]) {
		if (status >= 200 && status < 300) {
			claim.started({}, Date.now());
		} else if (claim.state !== 'started') {
			claim.failed();
			if (status >= 500 && !this.headersSent) {
				this.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
				return writeHead.call(this, 503, ...rest);
			}
		}
		return writeHead.call(this, status, ...rest);
	} as typeof res.writeHead;
	res.once('close', () => {
		if (claim.state !== 'starting') return;
		const timer = new AbortController();
		void claim.settled.then(() => timer.abort());
		sleep(STALE_CLAIM_MS, timer.signal).then(
			() => claim.failed(),
			() => undefined,
		);
	});
}

/**
 * Enrichment before the workflow starts, within `receiveTiming.enrichBudgetMs`: the delivery is
 * answered only once the execution exists, and the service waits 5 s. What is not done in time is
 * left out and listed in `enrichment_errors`; the workflow still starts.
 */
async function enrichWithin(
	this: IWebhookFunctions,
	event: DocumentSigningEvent,
	item: INodeExecutionData,
	options: TriggerOptions,
): Promise<EventExtras> {
	const draft: INodeExecutionData = { json: { ...item.json } };
	const done = await within(
		enrich(this, event, draft, options, 'Document Signing Trigger'),
		receiveTiming.enrichBudgetMs,
		false as const,
	);
	if (done) {
		item.json = draft.json;
		if (draft.binary) item.binary = draft.binary;
		return done;
	}
	const message = `Enrichment took longer than ${receiveTiming.enrichBudgetMs / 1000} s and was left out (the service waits 5 s for the answer); fetch the signing request in the workflow instead`;
	item.json.enrichment_errors = [message];
	this.logger.warn(`Document Signing Trigger: ${message}`);
	return {};
}

/** `work`, or `fallback` if it takes longer than `ms`; the timer is cleared either way. */
async function within<T, F>(work: Promise<T>, ms: number, fallback: F): Promise<T | F> {
	const timer = new AbortController();
	try {
		return await Promise.race([work, sleep(ms, timer.signal).then(() => fallback)]);
	} finally {
		timer.abort();
	}
}
