import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

/**
 * Waking a Document Signing Trigger: a call of its production webhook URL that only makes sure the
 * trigger has caught up in the n8n process that serves it (DocumentSigningTrigger/catchUp.ts).
 *
 * Why: n8n 2.41.1 calls nothing of a webhook node when it starts with the workflow's webhook
 * stored (docs/DESIGN.md, item 10), so after a restart the trigger's catch-up waits for the first
 * request the trigger gets. Signing Request → Catch Up After Restart (run by n8n's Schedule
 * Trigger, which n8n does start by itself) sends that request.
 *
 * A wake starts no workflow, changes no static data and needs no signature: it only does what any
 * request to the URL does already (start the catch-up once per process), and answers which state
 * the catch-up is in.
 */

/** The header that marks a call of a trigger's URL as a wake. */
export const WAKE_HEADER = 'x-document-signing-wake';

/** How the webhook trigger describes its webhook at the service: "n8n: <workflow name>". */
export const TRIGGER_DESCRIPTION_PREFIX = 'n8n: ';

/**
 * The trigger's catch-up in the process that answered:
 *  - `started`: this wake started it;
 *  - `running`: started earlier, still delivering;
 *  - `done`: finished in this process;
 *  - `failed`: it could not read the lists or reach n8n (the trigger's workflow shows a failed
 *    execution when n8n was reachable; n8n's log says why in any case);
 *  - `off`: the trigger does not catch up (option off, or no chosen event the lists show).
 */
export type CatchUpProgress = 'started' | 'running' | 'done' | 'failed' | 'off';

/** What a wake found out, as its caller sees it. */
export type WakeOutcome =
	| { reached: true; state: CatchUpProgress }
	/** n8n answered that no active workflow has this webhook (deactivated, or deleted). */
	| { reached: true; state: 'inactive' }
	/** No answer, or one that is not the trigger's: n8n could not reach its own address. */
	| { reached: false; detail: string };

type HttpRequest = (options: IHttpRequestOptions) => Promise<unknown>;

const STATES: readonly string[] = ['started', 'running', 'done', 'failed', 'off'];

/** Wakes the trigger at `url` (POST with the wake header). */
export async function wakeTrigger(httpRequest: HttpRequest, url: string): Promise<WakeOutcome> {
	let response: { statusCode?: number; body?: unknown };
	try {
		response = (await httpRequest({
			method: 'POST',
			url,
			headers: { [WAKE_HEADER]: '1' },
			body: {},
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout: 30_000,
		})) as { statusCode?: number; body?: unknown };
	} catch (error) {
		return { reached: false, detail: (error as Error).message };
	}
	const status = Number(response?.statusCode ?? 0);
	const body = (response?.body ?? {}) as IDataObject;
	if (status >= 200 && status < 300 && STATES.includes(String(body.catch_up)))
		return { reached: true, state: body.catch_up as CatchUpProgress };
	// n8n 2.41.1 (webhooks/live-webhooks.js): 404 "The requested webhook … is not registered."
	if (status === 404 && /webhook/i.test(String(body.message ?? '')))
		return { reached: true, state: 'inactive' };
	return { reached: false, detail: `answer ${status || 'none'}` };
}
