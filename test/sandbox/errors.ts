/**
 * Error responses. Every error body has the shape `{ error, code?, message?, details? }`
 * (api-reference §1.4 / §E). Handlers throw an `ApiError`; the server turns it into a response.
 */

export interface ErrorBody {
	error: string;
	code?: string;
	message?: string;
	details?: Record<string, unknown>;
	[extra: string]: unknown;
}

export class ApiError extends Error {
	constructor(
		readonly status: number,
		readonly body: ErrorBody,
		readonly headers: Record<string, string> = {},
	) {
		super(body.message ?? body.error);
		this.name = 'ApiError';
	}
}

/** 400 `{error:'Validation Error', code:'VALIDATION_ERROR', message, details:{field: message}}`. */
export function validationError(details: Record<string, string>, message?: string): ApiError {
	const fields = Object.keys(details);
	return new ApiError(400, {
		error: 'Validation Error',
		code: 'VALIDATION_ERROR',
		message: message ?? `Invalid value for: ${fields.join(', ')}`,
		details,
	});
}

/** 400 with a custom error text and code (bad state, refused operation). */
export function badRequest(error: string, code: string, message?: string): ApiError {
	return new ApiError(400, { error, code, message: message ?? error });
}

export function unauthorized(): ApiError {
	return new ApiError(401, {
		error: 'Unauthorized',
		code: 'UNAUTHORIZED',
		message: 'Invalid API key',
	});
}

export function forbidden(message = 'You do not have access to this resource'): ApiError {
	return new ApiError(403, { error: 'Forbidden', code: 'FORBIDDEN', message });
}

/** 404 `{error:'Not Found', code:'NOT_FOUND', message:'<What> not found'}`. */
export function notFound(what: string): ApiError {
	return new ApiError(404, { error: 'Not Found', code: 'NOT_FOUND', message: `${what} not found` });
}

export function routeNotFound(method: string, path: string): ApiError {
	return new ApiError(404, {
		error: 'Not Found',
		code: 'NOT_FOUND',
		message: `No route for ${method} ${path}`,
	});
}

export function rateLimited(retryAfter: number): ApiError {
	return new ApiError(
		429,
		{
			error: 'Rate Limit Exceeded',
			code: 'RATE_LIMITED',
			message: `Too many requests. Retry after ${retryAfter} second(s).`,
			details: { retry_after: retryAfter },
		},
		{ 'Retry-After': String(retryAfter) },
	);
}

export function insufficientCredits(current: number, needed: number): ApiError {
	return new ApiError(402, {
		error: 'Insufficient credits',
		code: 'INSUFFICIENT_CREDITS',
		message: `This operation needs ${needed} credit(s); the company has ${current}.`,
		current_credits: current,
	});
}
