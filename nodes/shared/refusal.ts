import { SCOPE_LABELS } from './scope';
import type { SignatureFailure } from './signature';

/**
 * Why a delivery was refused, in words a user can act on: what was wrong and what to change.
 * Used for the editor (a delivery refused while "Listen for test event" runs) and for n8n's log.
 * Nothing of the delivery's content, headers or secrets goes into these texts.
 */

/** Why a delivery could not be verified: a signature failure, or no raw body to verify. */
export type RefusalReason = SignatureFailure | 'raw_body_unavailable';

/** Which webhook the delivery came through: it decides which secret signs it. */
export type WebhookScope = 'company' | 'workspace';

export interface RefusalContext {
	/** Who received it, as the user knows the node. */
	receiver: 'Document Signing Trigger' | 'Send and Wait';
	/** The name of the credential whose Webhook Signing Secret was used. */
	credentialName?: string;
	/** A company-level or a workspace webhook. */
	scope: WebhookScope;
	/** The workspace of a workspace webhook, when known. */
	workspaceId?: string;
	/** Now, in unix seconds (for how far off a timestamp is). */
	nowSeconds: number;
}

export interface Refusal {
	reason: RefusalReason;
	message: string;
	description: string;
}

const SECRET_FIELD = '"Webhook Signing Secret"';

function credentialLabel(context: RefusalContext): string {
	return context.credentialName ? `credential "${context.credentialName}"` : 'the credential';
}

/** Which secret signs deliveries of this webhook, and where the user finds it. */
function whichSecret(context: RefusalContext): string {
	const workspace = context.workspaceId ? ` ${context.workspaceId}` : '';
	if (context.receiver === 'Send and Wait')
		return "Send and Wait's webhook is company-level or of the request's workspace, whichever the credential's secret verified when the wait began: the service signs deliveries of company-level webhooks with the company's webhook secret (from the service dashboard, or the new_secret of Webhook → Rotate Signing Secret (Company)), and those of a workspace webhook with that workspace's own secret (Workspace → Get, field webhook_secret).";
	const webhook =
		context.scope === 'company'
			? `This trigger has a company-level webhook (Scope "${SCOPE_LABELS.company}")`
			: `This trigger has a webhook of workspace${workspace} (Scope "${SCOPE_LABELS.workspace}")`;
	const secret =
		context.scope === 'company'
			? "the service signs its deliveries with the company's webhook secret. Copy it from the service dashboard, or use the new_secret returned by Webhook → Rotate Signing Secret (Company). A workspace's own secret does not verify them."
			: "the service signs its deliveries with that workspace's own secret. Read it with Workspace → Get (field webhook_secret), or use the new_secret returned by Webhook → Rotate Signing Secret (Workspace). The company's secret does not verify them.";
	return `${webhook}: ${secret}`;
}

function seconds(value: number): string {
	if (value < 120) return `${value} s`;
	if (value < 7200) return `${Math.round(value / 60)} min`;
	return `${Math.round(value / 3600)} h`;
}

/** The words for one refused delivery. */
export function describeRefusal(
	result: { reason: RefusalReason; timestamp?: number; toleranceSeconds?: number },
	context: RefusalContext,
): Refusal {
	const credential = credentialLabel(context);
	const refused = `${context.receiver} refused a delivery`;
	const after =
		'The delivery was answered 401 and started nothing (the service delivers an event up to 3 times: at once, after 5 minutes and after 1 hour).';
	switch (result.reason) {
		case 'signature_mismatch':
			return {
				reason: result.reason,
				message: `${refused}: its signature does not match the ${SECRET_FIELD} of ${credential}`,
				description: `${whichSecret(context)} Put the right secret into ${SECRET_FIELD} of ${credential}. ${after}`,
			};
		case 'missing_secret':
			return {
				reason: result.reason,
				message: `${refused}: ${credential} has no ${SECRET_FIELD}`,
				description: `Every delivery is checked against the webhook signing secret in the credential. ${whichSecret(context)} ${after}`,
			};
		case 'timestamp_out_of_tolerance': {
			const offset =
				result.timestamp === undefined ? undefined : context.nowSeconds - result.timestamp;
			const how =
				offset === undefined
					? 'its signature time is too far from the clock of n8n'
					: offset >= 0
						? `its signature is ${seconds(offset)} old`
						: `its signature time is ${seconds(-offset)} ahead of the clock of n8n`;
			const tolerance =
				result.toleranceSeconds === undefined
					? ''
					: ` (Clock Tolerance: ${result.toleranceSeconds} s)`;
			return {
				reason: result.reason,
				message: `${refused}: ${how}${tolerance}`,
				description: `The signature itself is right (the secret matches), but its time is outside the tolerance. Either the clock of the machine running n8n is wrong (set it right, for example with NTP), or this is an old delivery sent again (a replay, refused on purpose). Raise "Clock Tolerance (Seconds)" only if the clock cannot be fixed. ${after}`,
			};
		}
		case 'missing_signature':
			return {
				reason: result.reason,
				message: `${refused}: it has no X-Service-Signature header`,
				description: `The service signs every delivery. This request was not sent by the service, or a proxy in front of n8n removed the header; it was not verified. ${after}`,
			};
		case 'malformed_signature':
			return {
				reason: result.reason,
				message: `${refused}: its X-Service-Signature header is not in the service's format`,
				description: `The service sends "t=<unix seconds>,v1=<hex signature>", once. This request was not sent by the service, or something between the service and n8n changed the header. ${after}`,
			};
		case 'raw_body_unavailable':
			return {
				reason: result.reason,
				message: `${refused}: n8n did not keep the request body exactly as received`,
				description: `The signature covers the exact bytes the service sent, so without them nothing can be verified. Something in front of this node (a proxy or body-parsing middleware) consumed or re-encoded the body: let requests reach n8n unchanged. ${after}`,
			};
	}
}
