import type { IExecuteFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { ApiErrorInfo, Explainer } from '../transport';

export type { ApiErrorInfo, ErrorExplanation, Explainer } from '../transport';

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
 * For calls not yet made through callApi (which takes the explainer itself): runs an API call;
 * when it fails with an answer `explain` recognises, the error gets that
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
