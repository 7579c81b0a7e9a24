import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { DocumentSigningCredentials } from '../../../shared/transport';
import { callN8n, routerCall, withoutQuery } from './calls';
import { hub, UNROUTED_INTERVAL_MS } from './hub';
import { credentialIdOf, ROUTER_PATH_PREFIX, type RouterData } from './router';
import { scopeKeyOf, type WaitScope } from './scope';
import { toStored, waitKeyOf, type Wait } from './waits';

/**
 * A Send and Wait run hands its wait over before it sends (DESIGN.md, this folder):
 *  - in a published workflow, to its node's router (router.ts), by a `register` call of the
 *    router's URL: the router keeps it in its static data, makes sure its webhook at the service is
 *    there, and the process serving the router ends it (the service's delivery, or a re-read);
 *  - otherwise (a run of a workflow that is not published: no router is served), to this process's
 *    hub, which re-reads it every 15 seconds (UNROUTED_INTERVAL_MS); no webhook at the service.
 * A router that cannot be reached (n8n cannot call its own address) leaves the wait to this
 * process too, logged: in regular mode the router is this process, so deliveries still end it.
 */

/** How long a run waits for the router to take its wait (its webhook may first be created). */
const REGISTER_TIMEOUT_MS = 5 * 60_000;

export interface Handover {
	/** How the wait is ended: through its router, or by this process's re-reads only. */
	routed: boolean;
	wait: Wait;
	/** Takes the wait back (sending failed): nothing is waited for. */
	withdraw(): Promise<void>;
}

/**
 * The router's URL for this node: as n8n gave it at the workflow's activation (static data), or,
 * for a workflow published before this version kept it, as n8n builds production webhook URLs
 * (the resume URL's address, `webhook/`, the router's path); undefined when the workflow is not
 * published.
 */
export function routerUrlOf(context: IExecuteFunctions, resumeUrl: string): string | undefined {
	const data = context.getWorkflowStaticData('node') as RouterData;
	if (typeof data.routerUrl === 'string' && data.routerUrl !== '') return data.routerUrl;
	const workflow = context.getWorkflow();
	// A queue-mode worker runs with the workflow as the execution saved it, which may say neither
	// its router's URL (static data) nor that it is published: a production run (not the editor's)
	// tries the router; where none is served, n8n answers 404 and the run re-reads by itself.
	if (!workflow.id || (!workflow.active && context.getMode() === 'manual')) return undefined;
	try {
		const url = new URL(resumeUrl);
		const parts = url.pathname.split('/');
		const base = parts.slice(0, -3).join('/');
		return `${url.origin}${base}/webhook/${ROUTER_PATH_PREFIX}/${workflow.id}/${context.getNode().id}`;
	} catch {
		return undefined;
	}
}

export async function handOver(
	context: IExecuteFunctions,
	credentials: DocumentSigningCredentials,
	wait: Omit<Wait, 'key' | 'credential' | 'workflow' | 'router' | 'scope'> & { scope: WaitScope },
): Promise<Handover> {
	const node = context.getNode();
	const full: Wait = {
		...wait,
		key: waitKeyOf(wait.url),
		scope: scopeKeyOf(wait.scope),
		credential: credentialIdOf(context),
		workflow: context.getWorkflow().name ?? '',
	};
	const secret = String(credentials.webhookSigningSecret ?? '');
	const routerUrl = routerUrlOf(context, wait.url);
	const keepHere = (router?: string): Handover => {
		hub.setActor(full.credential, { context, httpRequest: context.helpers.httpRequest });
		const local: Wait = router
			? { ...full, router }
			: { ...full, interval: Math.min(full.interval, UNROUTED_INTERVAL_MS) };
		hub.add(local);
		return {
			routed: false,
			wait: local,
			withdraw: async () => hub.forget(local.key),
		};
	};
	if (!routerUrl) return keepHere();

	const routerId = `${context.getWorkflow().id ?? ''}/${node.id}`;
	const call = routerCall(secret, 'register', {
		key: full.key,
		scope: full.scope,
		wait: toStored(full),
	});
	const result = await callN8n(
		context.helpers.httpRequest,
		routerUrl,
		call.rawBody,
		call.headers,
		REGISTER_TIMEOUT_MS,
	);
	if (result.outcome === 'done') {
		return {
			routed: true,
			wait: { ...full, router: routerId },
			withdraw: async () => {
				const back = routerCall(secret, 'unregister', { key: full.key });
				await callN8n(context.helpers.httpRequest, routerUrl, back.rawBody, back.headers);
			},
		};
	}
	const answer = (result.body ?? {}) as {
		error?: unknown;
		message?: unknown;
		description?: unknown;
	};
	if (answer.error === 'webhook') {
		// The router could not get its webhook at the service: nothing was sent.
		throw new NodeOperationError(
			node,
			String(answer.message ?? 'The service refused the webhook'),
			{
				description: `${String(answer.description ?? '')} Nothing was sent.`.trim(),
			},
		);
	}
	if (result.outcome === 'gone') return keepHere();
	context.logger.warn(
		`Send and Wait of workflow "${full.workflow}" could not hand its wait for signing request ${full.request} to its webhook at ${withoutQuery(routerUrl)} (${result.detail ?? `answer ${result.status}`}): n8n could not reach its own address. This n8n process re-reads it instead; the service's deliveries end it only where this process serves that webhook (regular mode). Check that n8n reaches its public webhook address (WEBHOOK_URL), also through a reverse proxy.`,
		{ node: node.name },
	);
	return keepHere(routerId);
}
