import type { IDataObject } from 'n8n-workflow';

/**
 * The two envelope shapes the service is known to send (api-reference §W.4), as one shape.
 *
 * | current                  | older                         |
 * |--------------------------|-------------------------------|
 * | id                       | event_id                      |
 * | type                     | event_type                    |
 * | created_at               | timestamp                     |
 * | company_id, workspace_id | company_id, workspace_id      |
 * | data{signing_request{…}} | data{signing_request_id, …}   |
 */
export interface DocumentSigningEvent extends IDataObject {
	/** Event id: the same event retried keeps it. */
	id: string;
	type: string;
	created_at: string | null;
	company_id: string | null;
	workspace_id: string | null;
	data: IDataObject;
	/** X-Service-Delivery: identifies one delivery attempt. */
	delivery_id: string | null;
}

export type EnvelopeResult =
	| { ok: true; event: DocumentSigningEvent; shape: 'current' | 'older' }
	| { ok: false; reason: string };

function text(value: unknown): string | null {
	if (typeof value === 'string' && value !== '') return value;
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	return null;
}

function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parses the raw body as JSON; undefined when it is not a JSON object. */
export function parseBody(raw: Buffer | string): IDataObject | undefined {
	const body = typeof raw === 'string' ? raw : raw.toString('utf8');
	if (body.trim() === '') return undefined;
	try {
		const parsed: unknown = JSON.parse(body);
		return isObject(parsed) ? parsed : undefined;
	} catch {
		return undefined;
	}
}

/** Normalises either envelope shape. An envelope without an event id or type is refused. */
export function normaliseEnvelope(body: unknown, deliveryId?: string | null): EnvelopeResult {
	if (!isObject(body)) return { ok: false, reason: 'The payload is not a JSON object' };
	const current = body.id !== undefined || body.type !== undefined;
	const id = text(current ? body.id : body.event_id) ?? text(body.id) ?? text(body.event_id);
	const type =
		text(current ? body.type : body.event_type) ?? text(body.type) ?? text(body.event_type);
	if (!id) return { ok: false, reason: 'The payload has no event id' };
	if (!type) return { ok: false, reason: 'The payload has no event type' };
	const createdAt = text(body.created_at) ?? text(body.timestamp);
	return {
		ok: true,
		shape: current ? 'current' : 'older',
		event: {
			id,
			type,
			created_at: createdAt,
			company_id: text(body.company_id),
			workspace_id: text(body.workspace_id),
			data: isObject(body.data) ? body.data : {},
			delivery_id: deliveryId ?? null,
		},
	};
}

/** The signing request id of an event, in either shape (data.signing_request.id or data.signing_request_id). */
export function signingRequestIdOf(event: DocumentSigningEvent): string | undefined {
	const data = event.data ?? {};
	const nested = isObject(data.signing_request) ? text(data.signing_request.id) : null;
	return nested ?? text(data.signing_request_id) ?? undefined;
}
