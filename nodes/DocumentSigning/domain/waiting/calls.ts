import type {
	IDataObject,
	IHttpRequestOptions,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { describeRefusal, type RefusalReason } from '../../../shared/refusal';
import { respond } from '../../../shared/respond';
import { signatureHeaderFor } from '../../../shared/signature';

/**
 * The calls the waiting machinery sends into n8n itself, through n8n's public webhook address
 * (WEBHOOK_URL), and how their answers read:
 *  - to a router (router.ts), an operation: `register` a wait, `unregister` one, `wake` the router
 *    after a restart or an activation, `flush` its waits into its static data;
 *  - to a waiting execution's resume URL: a service delivery the router forwards as it came, or
 *    the end a list read found (`endEnvelope`).
 * Each is signed as the service signs its deliveries (X-Service-Signature, HMAC-SHA256 with the
 * credential's Webhook Signing Secret), so the receiving node verifies it as it verifies the
 * service: nothing is taken on the caller's word.
 */

/** The header naming a router operation. */
export const OP_HEADER = 'x-document-signing-op';
/** The header marking a delivery a router forwards to a waiting execution. */
export const FORWARDED_HEADER = 'x-document-signing-forwarded';
/** The event type of an end a list read found (never one of the service's). */
export const RE_READ_EVENT = 'n8n.send_and_wait.re_read';

export type RouterOp = 'register' | 'unregister' | 'wake' | 'flush';
export const ROUTER_OPS: readonly RouterOp[] = ['register', 'unregister', 'wake', 'flush'];

export type HttpRequest = (options: IHttpRequestOptions) => Promise<unknown>;

/** How a call into n8n went, as its sender sees it. */
export type CallOutcome =
	/** Taken on: the wait ended (or the router did what was asked). */
	| 'done'
	/** The execution is running or still being saved as waiting (n8n: 409 "running already"). */
	| 'busy'
	/** The execution is not waiting any more (finished, deleted) or the router is gone. */
	| 'gone'
	/** Not taken on now, to be sent again later (503, or the node said so). */
	| 'later'
	/** Refused (401, 400): sending it again changes nothing. */
	| 'refused'
	/** No answer, or not n8n's: n8n could not reach its own address. */
	| 'failed';

export interface CallResult {
	outcome: CallOutcome;
	status: number;
	body: unknown;
	/** What went wrong, for n8n's log (no token: the URL's query is never in it). */
	detail?: string;
}

/** A URL without its query (a resume URL's holds its token) and fragment, for messages. */
export function withoutQuery(url: string): string {
	return url.split(/[?#]/)[0];
}

/** How an answer of n8n (or of the node inside it) reads. */
export function outcomeOf(status: number, body: unknown): CallOutcome {
	const text = typeof body === 'string' ? body : JSON.stringify(body ?? '');
	if (status >= 200 && status < 300) {
		const answer = (body ?? {}) as IDataObject;
		if (answer.later === true) return 'later';
		if (answer.gone === true) return 'gone';
		return 'done';
	}
	// n8n 2.41.1 waiting-webhooks.js: 409 "running already" while the execution runs (or is still
	// being saved as waiting), 409 "finished" or "finished with error" once done; 404 for an
	// execution that does not exist or a router path no published workflow has.
	if (status === 409) return /running/i.test(text) ? 'busy' : 'gone';
	if (status === 404) return 'gone';
	if (status === 503) return 'later';
	if (status === 400 || status === 401 || status === 403) return 'refused';
	return 'failed';
}

/** Sends one signed call into n8n (POST, JSON body as given). */
export async function callN8n(
	httpRequest: HttpRequest,
	url: string,
	rawBody: string | Buffer,
	headers: Record<string, string>,
	timeoutMs = 30_000,
): Promise<CallResult> {
	let response: { statusCode?: number; body?: unknown };
	try {
		response = (await httpRequest({
			method: 'POST',
			url,
			headers: { 'content-type': 'application/json', ...headers },
			body: rawBody,
			json: false,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout: timeoutMs,
		})) as { statusCode?: number; body?: unknown };
	} catch (error) {
		return { outcome: 'failed', status: 0, body: undefined, detail: (error as Error).message };
	}
	const status = Number(response?.statusCode ?? 0);
	let body: unknown = response?.body;
	if (Buffer.isBuffer(body)) body = body.toString('utf8');
	if (typeof body === 'string') {
		try {
			body = JSON.parse(body) as unknown;
		} catch {
			// n8n's own answers are JSON; anything else is reported as it came.
		}
	}
	const outcome = status === 0 ? 'failed' : outcomeOf(status, body);
	return { outcome, status, body, detail: outcome === 'failed' ? `answer ${status}` : undefined };
}

/** The signature header for a body the package sends itself (as the service signs). */
export function signedBy(secret: string, rawBody: string): Record<string, string> {
	return {
		'x-service-signature': signatureHeaderFor(secret, Math.floor(Date.now() / 1000), rawBody),
	};
}

/** A router operation's call: its body and headers. */
export function routerCall(
	secret: string,
	op: RouterOp,
	body: IDataObject,
): { rawBody: string; headers: Record<string, string> } {
	const rawBody = JSON.stringify({ op, ...body });
	return { rawBody, headers: { [OP_HEADER]: op, ...signedBy(secret, rawBody) } };
}

/**
 * The end a list read found, as a delivery to the waiting execution: an envelope of the service's
 * shape whose type no event of the service has, with the request as the list showed it.
 */
export function endEnvelope(request: IDataObject, workspaceId: string): string {
	const now = new Date();
	return JSON.stringify({
		id: `n8n_re_read_${String(request.id ?? '')}_${now.getTime()}`,
		type: RE_READ_EVENT,
		created_at: now.toISOString(),
		workspace_id: workspaceId || null,
		data: { signing_request: request },
	});
}

/**
 * A call (to a router or a resume URL) that failed verification: 401, and n8n's log says why and
 * what to change; `who` names the receiver in the log ('Send and Wait of workflow "…"').
 */
export function refuseUnverified(
	context: IWebhookFunctions,
	failure: { reason: RefusalReason; timestamp?: number; toleranceSeconds?: number },
	who: string,
): IWebhookResponseData {
	const node = context.getNode();
	const refusal = describeRefusal(failure, {
		receiver: 'Send and Wait',
		credentialName: node.credentials?.documentSigningApi?.name,
		scope: 'company',
		nowSeconds: Math.floor(Date.now() / 1000),
	});
	context.logger.warn(
		`${who} refused a delivery: ${refusal.reason}. ${refusal.message}. ${refusal.description}`,
		{ node: node.name, execution: context.getExecutionId() },
	);
	return respond(context, 401, { error: 'Invalid signature', code: refusal.reason });
}
