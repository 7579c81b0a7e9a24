import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { DocumentSigningCredentials } from './transport';
import { ENDPOINTS } from './endpoints';
import { callApi, callPages, credentialSecrets, getServiceCredentials } from './transport';
import { redactionMark } from './transport/secrets';

/**
 * An API key reaches the signing requests of its own workspace only. To poll several workspaces
 * (or one that is not the key's), a trigger reads each workspace's key from the workspace list
 * (the protected workspace's key sees every workspace and its keys) and sends that key instead.
 * Keys read this way stay in memory for the poll: never in static data, output or logs.
 */

/**
 * The contexts that read workspaces this way: the poll trigger, the webhook trigger's catch-up and
 * Send and Wait's re-reads.
 */
export type WorkspaceReader =
	| IPollFunctions
	| IHookFunctions
	| IWebhookFunctions
	| IExecuteFunctions;

export interface PolledWorkspace<C extends WorkspaceReader = IPollFunctions> {
	id: string;
	name: string;
	/** A context whose requests carry this workspace's key (same key kind as the credential). */
	context: C;
	/** The workspace's `ignore_company_webhooks`: company-level webhooks get none of its events. */
	ignoresCompanyWebhooks: boolean;
}

function keyOf(workspace: IDataObject, credentials: DocumentSigningCredentials): string {
	const key = credentials.keyToUse === 'test' ? workspace.test_api_key : workspace.api_key;
	if (typeof key !== 'string') return '';
	// The transport hides the credential's own keys in every answer: a workspace showing one of
	// them in place of its key is the credential's own workspace, whose key the credential holds.
	const own = credentialSecrets(credentials).find((s) => key === redactionMark(s.label));
	return own ? own.value : key;
}

/**
 * The poll context with another workspace key: the transport (pacing, 429 handling, error
 * messages) is the same; it builds the Authorization header from the credential it reads, so
 * only the credential differs.
 */
export function withWorkspaceKey<C extends WorkspaceReader>(
	context: C,
	credentials: DocumentSigningCredentials,
	key: string,
): C {
	const withKey: DocumentSigningCredentials = { ...credentials, liveApiKey: key, testApiKey: key };
	return new Proxy(context, {
		get(target, property) {
			if (property === 'getCredentials') return async () => withKey;
			const value = Reflect.get(target, property, target) as unknown;
			return typeof value === 'function'
				? (value as (...args: unknown[]) => unknown).bind(target)
				: value;
		},
	});
}

/** The workspaces the trigger's scope covers, each with a context that uses its key. */
export async function workspacesOf<C extends WorkspaceReader>(
	context: C,
): Promise<Array<PolledWorkspace<C>>> {
	const credentials = await getServiceCredentials.call(context);
	const node = context.getNode();
	let rows: IDataObject[];
	if (context.getNodeParameter('scope', 'company') === 'workspace') {
		const id = String(
			context.getNodeParameter('workspace', '', { extractValue: true }) ?? '',
		).trim();
		if (!id) throw new NodeOperationError(node, 'Choose the workspace to watch');
		rows = [(await callApi(context, ENDPOINTS.getWorkspace, { params: { id } })).body];
	} else {
		const list = await callPages(context, ENDPOINTS.listWorkspaces, {
			qs: { sort_by: 'created_on', sort_order: 'asc' },
			returnAll: true,
		});
		rows = list.results;
	}
	const result: Array<PolledWorkspace<C>> = [];
	for (const row of rows) {
		const key = keyOf(row, credentials);
		if (!key) {
			throw new NodeOperationError(
				node,
				`The service did not return the ${credentials.keyToUse === 'test' ? 'test' : 'live'} key of workspace "${String(row.name ?? row.id)}"`,
				{
					description:
						"The trigger reads each workspace's key from the workspace list to see its signing requests. Check that the credential's key may read this workspace (the protected workspace's key can read all of them), or switch \"Key to Use\".",
				},
			);
		}
		result.push({
			id: String(row.id),
			name: String(row.name ?? ''),
			context: withWorkspaceKey(context, credentials, key),
			ignoresCompanyWebhooks: row.ignore_company_webhooks === true,
		});
	}
	return result;
}

/**
 * A context whose requests read the signing requests of one workspace (Send and Wait's re-reads):
 * with that workspace's key, read from the workspace (the protected workspace's key may read every
 * workspace's); a key that may not read the workspace (403) reaches only its own, which this is
 * then, and is used as it is.
 */
export async function workspaceReadContext<C extends WorkspaceReader>(
	context: C,
	credentials: DocumentSigningCredentials,
	workspaceId: string,
): Promise<{ context: C; credentials: DocumentSigningCredentials }> {
	const row = await callApi(context, ENDPOINTS.getWorkspace, { params: { id: workspaceId } }).then(
		(response) => response.body,
		(error: unknown) => {
			if (error instanceof NodeApiError && String(error.httpCode) === '403') return undefined;
			throw error;
		},
	);
	if (!row) return { context, credentials };
	const key = keyOf(row, credentials);
	if (!key) return { context, credentials };
	return {
		context: withWorkspaceKey(context, credentials, key),
		credentials: { ...credentials, liveApiKey: key, testApiKey: key },
	};
}
