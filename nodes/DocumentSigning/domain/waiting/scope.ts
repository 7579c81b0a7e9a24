import { createHash } from 'crypto';
import type { IDataObject } from 'n8n-workflow';
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
import { ENDPOINTS } from '../../../shared/endpoints';

/**
 * Which webhook a Send and Wait node's router (router.ts) has at the service for a request: the one
 * whose deliveries the credential's Webhook Signing Secret verifies (service-api.md, "Events": company-level webhooks are signed with the company
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

/** The scope as the waits and the router's static data key it: `company` or the workspace id. */
export function scopeKeyOf(scope: WaitScope): string {
	return scope.kind === 'workspace' ? scope.workspaceId : 'company';
}

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

/** Workspaces read for a scope, per key and workspace, kept this long (a read per start otherwise). */
const WORKSPACE_READ_FOR_MS = 5 * 60_000;
const workspaceReads = new Map<
	string,
	{ at: number; workspace: Promise<IDataObject | undefined> }
>();

/** Forgets the workspaces read (tests). */
export function forgetWorkspaceReads(): void {
	workspaceReads.clear();
}

/** Reads the request's workspace (at most every five minutes per key) and chooses the scope. */
export async function waitScopeFor(
	context: TransportContext,
	workspaceId: string,
	credentials: DocumentSigningCredentials,
): Promise<WaitScope> {
	const secret = String(credentials.webhookSigningSecret ?? '').trim();
	const readKey = createHash('sha256')
		.update(
			`${credentials.baseUrl}\n${credentials.keyToUse}\n${credentials.liveApiKey ?? ''}\n${credentials.testApiKey ?? ''}\n${secret}\n${workspaceId}`,
		)
		.digest('hex');
	let read = workspaceReads.get(readKey);
	if (!read || Date.now() - read.at >= WORKSPACE_READ_FOR_MS) {
		read = {
			at: Date.now(),
			workspace: callApi(context, ENDPOINTS.getWorkspace, { params: { id: workspaceId } }).then(
				(response) => response.body,
				(error: unknown) => {
					if (['401', '403', '404'].includes(httpCodeOf(error) ?? '')) return undefined;
					throw error;
				},
			),
		};
		workspaceReads.set(readKey, read);
		read.workspace.catch(() => workspaceReads.delete(readKey));
	}
	const workspace = await read.workspace;
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
