import type { IExecuteFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

/**
 * Operation-level wording for API errors. The transport already turns every error answer into a
 * readable NodeApiError; some answers mean something specific for one operation (a 409 on a
 * download means "not sent yet", a 404 SIGNATURE_NOT_AVAILABLE means "not signed yet"), and the
 * user deserves those words instead of the generic ones.
 */

export interface ApiErrorInfo {
	/** HTTP status as a number (0 when unknown). */
	status: number;
	/** The service's machine code (`code`), if any. */
	code?: string;
	/** The service's `error` text, if any (some endpoints put their identifier there). */
	error?: string;
	/** The service's `message` text, if any. */
	message?: string;
}

export interface ErrorExplanation {
	/** Replaces the message; the service's code is kept at its end. */
	message?: string;
	/** Replaces the description. */
	description?: string;
}

export type Explainer = (info: ApiErrorInfo) => ErrorExplanation | undefined;

/** What the transport's NodeApiError knows about the service's answer. */
export function apiErrorInfo(error: unknown): ApiErrorInfo | undefined {
	if (!(error instanceof NodeApiError)) return undefined;
	const response = (error.errorResponse ?? {}) as Record<string, unknown>;
	const status = Number(error.httpCode ?? response.httpCode ?? 0) || 0;
	const code = typeof response.code === 'string' ? response.code : undefined;
	const text = typeof response.error === 'string' ? response.error : undefined;
	const message = typeof response.message === 'string' ? response.message : undefined;
	return { status, code, error: text, message };
}

/**
 * Runs an API call; when it fails with an answer `explain` recognises, the error gets that
 * explanation (same error instance, same http code, so Continue On Fail reports it unchanged).
 */
export async function explainApiErrors<T>(
	context: IExecuteFunctions,
	call: () => Promise<T>,
	explain: Explainer,
): Promise<T> {
	try {
		return await call();
	} catch (error) {
		if (!(error instanceof NodeApiError)) {
			// Returns the same instance when it already is one (e.g. from the transport's checks).
			throw new NodeOperationError(context.getNode(), error as Error);
		}
		const info = apiErrorInfo(error);
		const explanation = info ? explain(info) : undefined;
		if (explanation) {
			if (explanation.message) {
				error.message =
					info?.code && !explanation.message.includes(info.code)
						? `${explanation.message} [${info.code}]`
						: explanation.message;
			}
			if (explanation.description) error.description = explanation.description;
		}
		// Hands back the same (now explained) instance.
		throw new NodeApiError(context.getNode(), error as unknown as JsonObject);
	}
}
