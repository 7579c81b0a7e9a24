import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

/** Retry-After (seconds) on a 503. The service retries on its own schedule; this is the hint. */
export const RETRY_AFTER_SECONDS = 60;

/**
 * Answers a delivery from the node itself (a JSON body with this status), for deliveries that
 * start no workflow: refused, ignored or duplicate. n8n then sends nothing more.
 */
export function respond(
	context: IWebhookFunctions,
	status: number,
	body: IDataObject,
): IWebhookResponseData {
	const res = context.getResponseObject();
	if (!res.headersSent) {
		res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
		res.end(JSON.stringify(body));
	}
	return { noWebhookResponse: true };
}

/** 503 with Retry-After: not taken on; the sender is to deliver it again later. */
export function retryLater(context: IWebhookFunctions, body: IDataObject): IWebhookResponseData {
	const res = context.getResponseObject();
	if (!res.headersSent) res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
	return respond(context, 503, body);
}

/**
 * Makes the answer already sent the only one: later attempts to answer are ignored.
 *
 * For a node whose webhook() throws after answering itself (a delivery refused while the editor
 * listens, see receive.ts). n8n 2.41.1 then answers the error too: webhook-helpers.js
 * `executeWebhook` calls the response callback with an UnexpectedError, and the request handler
 * (webhook-request-handler.js → response-helper.js `sendErrorResponse`) runs
 * `res.status(500).json(…)`. On a response already sent, Express throws ERR_HTTP_HEADERS_SENT
 * there, and its final handler destroys the socket the answer went out on.
 */
export function keepAnswer(context: IWebhookFunctions): void {
	const res = context.getResponseObject() as unknown as Record<
		'status' | 'json' | 'send',
		(...args: unknown[]) => unknown
	>;
	for (const method of ['status', 'json', 'send'] as const) {
		const original = res[method];
		if (typeof original !== 'function') continue;
		res[method] = function (this: { headersSent?: boolean }, ...args: unknown[]) {
			return this.headersSent ? this : original.apply(this, args);
		};
	}
}
