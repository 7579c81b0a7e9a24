/**
 * Route-side helpers: the store and simulator of a request's sandbox, and look-ups that apply
 * the visibility rule: a key sees the templates and signing requests of ITS OWN workspace only
 * (the protected key too); anything else is a 404.
 */
import { ApiError, notFound, validationError } from '../errors';
import type { RequestContext } from '../router';
import { sealStoreOf } from '../seals/store';
import { Validator } from '../validation';
import {
	signingStoreOf,
	type SealParticipantRecord,
	type SigningRequestRecord,
	type SigningStore,
	type TemplateRecord,
} from './models';
import { createSimulator, type SigningSimulator } from './simulate';
import { isObject, readUuid } from './validation';

const simulators = new WeakMap<SigningStore, SigningSimulator>();

export function simulatorOf(store: SigningStore): SigningSimulator {
	let sim = simulators.get(store);
	if (!sim) {
		sim = createSimulator(store);
		simulators.set(store, sim);
	}
	return sim;
}

/** The store of this request's sandbox, with expiries brought up to date. */
export function storeOf(ctx: RequestContext): SigningStore {
	const store = signingStoreOf(ctx.state);
	store.sweep();
	return store;
}

export function requireTemplate(ctx: RequestContext, id: string): TemplateRecord {
	const t = storeOf(ctx).getTemplate(id);
	if (!t || t.deleted_on !== null || t.workspaceId !== ctx.auth.workspace.id)
		throw notFound('Template');
	return t;
}

export function requireSigningRequest(ctx: RequestContext, id: string): SigningRequestRecord {
	const sr = storeOf(ctx).getSigningRequest(id);
	if (!sr || sr.deleted_on !== null || sr.workspaceId !== ctx.auth.workspace.id)
		throw notFound('Signing request');
	return sr;
}

/**
 * The seal a PATCH `seal_participant` swap names in `swap_to_seal_id`: usable by the entity's
 * workspace (company scope or that workspace, not revoked, current version), otherwise 404
 * NOT_FOUND (api-reference T4, §E.2: "organization seal not found or unavailable in this workspace").
 */
/**
 * The seal swap of a template or signing-request PATCH (`{seal_participant: {participant_id,
 * swap_to_seal_id}}`): checks the input, finds the participant (404) and checks that the new seal is
 * usable in the workspace (404). Returns the participant to change and the new seal id.
 */
export function readSealSwap(
	ctx: RequestContext,
	body: Record<string, unknown>,
	participants: SealParticipantRecord[],
	workspaceId: string,
): { participant: SealParticipantRecord; sealId: string } {
	const sp = body.seal_participant;
	if (!isObject(sp))
		throw validationError({
			seal_participant: 'seal_participant must be an object {participant_id, swap_to_seal_id}',
		});
	const v = new Validator();
	const participantId = readUuid(v, sp, 'participant_id', 'seal_participant.participant_id', {
		required: true,
	});
	const sealId = readUuid(v, sp, 'swap_to_seal_id', 'seal_participant.swap_to_seal_id', {
		required: true,
	}) as string;
	v.throwIfInvalid();
	const participant = participants.find((s) => s.id === participantId && !s.deleted);
	if (!participant) throw notFound('Seal participant');
	const use = sealStoreOf(ctx.state).usableIn(sealId, ctx.auth.company.id, workspaceId);
	if (!use.ok) {
		throw new ApiError(404, {
			error: 'Not Found',
			code: 'NOT_FOUND',
			message: `Organization seal ${use.reason}`,
			details: {
				'seal_participant.swap_to_seal_id': `organization seal "${sealId}" ${use.reason}`,
			},
		});
	}
	return { participant, sealId };
}

/** Audit actor of an API call. */
export function adminActor(ctx: RequestContext): Record<string, unknown> {
	return { type: 'api_key', key_type: ctx.auth.mode, workspace_id: ctx.auth.workspace.id };
}
