import { createHash } from 'crypto';
import type { IDataObject, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { digestsEqual } from '../../../shared/signature';
import {
	callApi,
	credentialSecrets,
	type DocumentSigningCredentials,
	type Explainer,
	type TransportContext,
} from '../../../shared/transport';
import { redactText as redactSecretsIn } from '../../../shared/transport/secrets';
import { meta as createWebhook } from '../webhook/createWebhook.operation';
import { meta as deleteWebhook } from '../webhook/deleteWebhook.operation';
import { meta as updateWebhook } from '../webhook/updateWebhook.operation';
import { meta as getWorkspace } from '../workspace/getWorkspace.operation';

/**
 * Which webhook Send and Wait registers: the one whose deliveries the credential's Webhook Signing
 * Secret verifies (service-api.md, "Events": company-level webhooks are signed with the company
 * secret, workspace webhooks with the workspace's).
 *
 * - The credential holds the request's workspace's own secret (the Workspace object's
 *   `webhook_secret`): a webhook of that workspace, as the narrowest choice.
 * - Otherwise the credential holds the company secret (the one the trigger's default scope
 *   needs, so one credential serves both): a company-level webhook. It receives the events of
 *   every workspace; the resume acknowledges the others and keeps waiting. It needs the protected
 *   workspace's key, the company's master switch, and a workspace that does not ignore company
 *   webhooks (`ignore_company_webhooks`): each is said in words when it is missing.
 * - The workspace cannot be read (no access, 404): a webhook of the workspace, as before.
 * Secrets are only compared, never output.
 */
export type WaitScope = { kind: 'workspace'; workspaceId: string } | { kind: 'company' };

/** Whether two secrets are the same (surrounding spaces ignored), compared in constant time. */
export function sameSecret(a: unknown, b: unknown): boolean {
	const left = typeof a === 'string' ? a.trim() : '';
	const right = typeof b === 'string' ? b.trim() : '';
	if (left === '' || right === '') return false;
	const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
	return digestsEqual(digest(left), digest(right));
}

/**
 * The scope for a request of `workspaceId`, from the workspace as read (undefined: not readable).
 * `ignoresCompanyWebhooks` when the company secret cannot serve and the workspace's is not held.
 * The transport hands answers out with the credential's secrets replaced by a mark
 * (`redactedSecret`): a `webhook_secret` that is that mark was the credential's secret.
 */
export function chooseWaitScope(
	workspace: IDataObject | undefined,
	workspaceId: string,
	secret: unknown,
	redactedSecret?: string,
): WaitScope | { kind: 'ignoresCompanyWebhooks' } {
	const held =
		sameSecret(workspace?.webhook_secret, secret) ||
		(redactedSecret !== undefined && workspace?.webhook_secret === redactedSecret);
	if (!workspace || held) return { kind: 'workspace', workspaceId };
	if (workspace.ignore_company_webhooks === true) return { kind: 'ignoresCompanyWebhooks' };
	return { kind: 'company' };
}

function httpCodeOf(error: unknown): string | undefined {
	return error instanceof NodeApiError ? String(error.httpCode) : undefined;
}

/** Reads the request's workspace and chooses the scope (see above). */
export async function waitScopeFor(
	context: TransportContext,
	workspaceId: string,
	credentials: DocumentSigningCredentials,
): Promise<WaitScope> {
	const secret = String(credentials.webhookSigningSecret ?? '').trim();
	const workspace = await callApi(context, getWorkspace, { params: { id: workspaceId } }).then(
		(response) => response.body,
		(error: unknown) => {
			if (['401', '403', '404'].includes(httpCodeOf(error) ?? '')) return undefined;
			throw error;
		},
	);
	const redacted = redactSecretsIn(secret, credentialSecrets(credentials));
	const scope = chooseWaitScope(workspace, workspaceId, secret, redacted);
	if (scope.kind !== 'ignoresCompanyWebhooks') return scope;
	throw new NodeOperationError(
		context.getNode(),
		`The credential's Webhook Signing Secret is not the secret of workspace ${workspaceId}, and that workspace ignores company-level webhooks`,
		{
			description:
				"Send and Wait is woken up by a webhook whose deliveries the credential's secret verifies. A workspace webhook is signed with the workspace's own secret; a company-level webhook (signed with the company's secret) does not fire for this workspace (ignore_company_webhooks). Put this workspace's secret into \"Webhook Signing Secret\" of the credential (Workspace → Get shows it as webhook_secret), or use a credential that holds it. Nothing was sent.",
		},
	);
}

/**
 * The words for a 403 on a company-level webhook call (listing or creating): this key may not, as
 * only the protected workspace's key may.
 */
export const companyWebhookRefused: Explainer = ({ status }) =>
	status === 403
		? {
				message:
					"Send and Wait could not use a company-level webhook: the credential's secret is not the workspace's own, and company-level webhooks need the protected workspace's key",
				description:
					"The credential's Webhook Signing Secret is not the secret of the request's workspace, so it is taken to be the company's secret, whose deliveries come through company-level webhooks only; this key may not use those. Either put the workspace's own secret into \"Webhook Signing Secret\" (Workspace → Get shows it as webhook_secret; the workspace's webhook master switch must be on), or use the protected workspace's key. Nothing was sent.",
			}
		: undefined;

/**
 * Where the wait's webhook points while it is created: n8n's waiting-webhook path without an
 * execution (`<WEBHOOK_URL>webhook-waiting`), which n8n 2.41.1 answers 404 without running or
 * logging anything. The service sends a test event to a new webhook's URL at once; sent to the
 * resume URL, it reached an execution still running (not yet saved as waiting), which n8n refuses
 * ("running already", or for a manual run "Cannot read properties of undefined (reading
 * 'resumeToken')") and logs as an error, once per Send and Wait run.
 */
export function parkingUrlOf(resumeUrl: string): string {
	const url = new URL(resumeUrl);
	const path = url.pathname.split('/').slice(0, -2).join('/');
	return `${url.origin}${path}`;
}

/**
 * Registers the wait's webhook in the chosen scope: created at the parking URL (above), then
 * pointed at the resume URL (`body.url`; the service sends no test event for an update). If that
 * fails, the webhook is deleted again and the error thrown: nothing was sent. With `park: false`
 * it is created at the resume URL in one request (a burst, see the operation's `execute`).
 */
export async function createWaitWebhook(
	context: TransportContext,
	scope: WaitScope,
	body: IDataObject & { url: string },
	options: { park?: boolean } = {},
): Promise<IDataObject> {
	const park = options.park ?? true;
	const first = park ? { ...body, url: parkingUrlOf(body.url) } : body;
	const scoped =
		scope.kind === 'workspace'
			? { body: { ...first, workspace_id: scope.workspaceId } }
			: { body: first, explain: companyWebhookRefused };
	const created = (await callApi(context, createWebhook, scoped)).body;
	const id = String(created?.id ?? '');
	if (!park || !id) return created;
	try {
		// The whole body again (not only the URL), in case the service's PUT replaces what it omits.
		const update = { params: { id }, body };
		const scopedUpdate =
			scope.kind === 'workspace' ? update : { ...update, explain: companyWebhookRefused };
		return (await callApi(context, updateWebhook, scopedUpdate)).body;
	} catch (error) {
		await callApi(context, deleteWebhook, { params: { id } }).catch(() => undefined);
		// Both constructors hand back an error that already is of their kind unchanged.
		const node = context.getNode();
		if (error instanceof NodeApiError) throw new NodeApiError(node, error as unknown as JsonObject);
		throw new NodeOperationError(node, error as Error);
	}
}
