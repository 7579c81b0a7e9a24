import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

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
