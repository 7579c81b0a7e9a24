/**
 * Organization seals of one sandbox (api-reference §3.11): versions grouped in lineages, the
 * default flag per scope, soft revoke, erase of a revoked lineage, the access log, and seal
 * applications (derived from the signing store's seal participants, plus ones a test adds).
 *
 *   const seals = sealStoreOf(sandbox.state);
 *   seals.addApplications(sealId, 30, 'applied');   // test set-up
 *   seals.edge = { deprecation: 'use https://api.example' };   // behave like the edge gateway
 *
 * A lineage is every version of one seal: replacing the image (or the typed text) creates a new
 * version with a new id and the same `lineage_id`; renames and the default flag change the head
 * version in place. Any version's id reaches the lineage (get, applications, access log, erase).
 */
import { randomUUID } from 'node:crypto';

import type { SandboxState } from '../state';
import { iso } from '../state';
import { signingStoreOf, type SigningRequestRecord } from '../signing/models';

export const SEAL_KINDS = ['uploaded', 'typed', 'drawn'] as const;
export type SealKind = (typeof SEAL_KINDS)[number];
export const SEAL_SCOPES = ['company', 'workspace'] as const;
export type SealScope = (typeof SEAL_SCOPES)[number];
export const ACCESS_ACTIONS = [
	'created',
	'replaced',
	'revoked',
	'renamed',
	'default_changed',
	'erased',
	'image_read',
	'participant_swapped',
] as const;
export type AccessAction = (typeof ACCESS_ACTIONS)[number];
export type ActorKind = 'user' | 'api_key' | 'system';
export const APPLICATION_STATUSES = ['applied', 'paused', 'pending'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export interface SealStatement {
	language: string;
	signatory_name: string;
	signatory_title: string | null;
	text: string;
	version: string;
	accepted_at: number;
}

export interface SealVersion {
	id: string;
	lineage_id: string;
	version: number;
	companies_id: string;
	/** null for company scope. */
	companies_workspaces_id: string | null;
	authority_name: string;
	name: string;
	display_name: string;
	signatory_title: string | null;
	kind: SealKind;
	is_default: boolean;
	statement: SealStatement;
	/** The PNG image (uploaded/drawn: as sent; typed: rendered). */
	image: Buffer;
	typed: { text: string; style: string } | null;
	revoked_on: number | null;
	created_at: number;
	/** Superseded by a newer version, or revoked. */
	deleted: boolean;
}

export interface AccessLogEntry {
	id: string;
	lineage_id: string;
	seal_id: string;
	seal_version: number;
	action: AccessAction;
	actor_kind: ActorKind;
	actor_id: string | null;
	details: Record<string, unknown> | null;
	created_at: number;
}

export interface SealApplication {
	id: string;
	lineage_id: string;
	seal_id: string;
	seal_version: number;
	signing_request_id: string;
	seal_participant_id: string | null;
	status: ApplicationStatus;
	applied_at: number | null;
	created_at: number;
}

/** How the sandbox answers seal writes as if called through the edge gateway (tests). */
export interface EdgeBehaviour {
	/** Adds `X-Service-Deprecation: <value>` to seal create / update answers. */
	deprecation?: string;
	/** Answers seal create / image update with 503 SEAL_CREATION_DISABLED_EDGE. */
	creationDisabled?: boolean;
}

const stores = new WeakMap<SandboxState, SealStore>();

/** The seal store of a sandbox state (created on first use). */
export function sealStoreOf(state: SandboxState): SealStore {
	let store = stores.get(state);
	if (!store) {
		store = new SealStore(state);
		stores.set(state, store);
	}
	return store;
}

export class SealStore {
	readonly versions: SealVersion[] = [];
	readonly accessLog: AccessLogEntry[] = [];
	/** Applications added by tests (`addApplications`), on top of the derived ones. */
	readonly extraApplications: SealApplication[] = [];
	edge: EdgeBehaviour = {};

	constructor(readonly state: SandboxState) {}

	now(): number {
		return this.state.now();
	}

	get(id: string): SealVersion | undefined {
		return this.versions.find((s) => s.id === id);
	}

	lineage(lineageId: string): SealVersion[] {
		return this.versions
			.filter((s) => s.lineage_id === lineageId)
			.sort((a, b) => a.version - b.version);
	}

	head(lineageId: string): SealVersion | undefined {
		const all = this.lineage(lineageId);
		return all[all.length - 1];
	}

	/** Latest version of every lineage. */
	heads(): SealVersion[] {
		const seen = new Set<string>();
		const out: SealVersion[] = [];
		for (const s of [...this.versions].sort((a, b) => b.version - a.version)) {
			if (seen.has(s.lineage_id)) continue;
			seen.add(s.lineage_id);
			out.push(s);
		}
		return out.sort((a, b) => a.created_at - b.created_at || a.id.localeCompare(b.id));
	}

	/**
	 * Whether a signing request or template of workspace `workspaceId` (company `companyId`) may
	 * use the seal version `id` as a seal participant: a seal of the same company, company scope or
	 * that workspace's scope, not revoked, and the current version of its lineage. `reason` ends a
	 * sentence that starts with the seal ("organization seal \"…\" <reason>").
	 */
	usableIn(
		id: string,
		companyId: string,
		workspaceId: string,
	): { ok: true; seal: SealVersion } | { ok: false; reason: string } {
		const seal = this.get(id);
		if (
			!seal ||
			seal.companies_id !== companyId ||
			(seal.companies_workspaces_id !== null && seal.companies_workspaces_id !== workspaceId)
		) {
			return { ok: false, reason: 'not found or unavailable in this workspace' };
		}
		const head = this.head(seal.lineage_id) as SealVersion;
		if (head.revoked_on !== null) return { ok: false, reason: 'has been revoked' };
		if (head.id !== seal.id)
			return { ok: false, reason: `has been replaced by a newer version (${head.id})` };
		return { ok: true, seal };
	}

	isRevoked(lineageId: string): boolean {
		return this.head(lineageId)?.revoked_on !== null;
	}

	/** Seals of the same scope (company, or one workspace) as `seal`. */
	sameScope(seal: SealVersion): SealVersion[] {
		return this.heads().filter(
			(s) => s.companies_workspaces_id === seal.companies_workspaces_id && s.revoked_on === null,
		);
	}

	/** Makes `seal` the only default of its scope; returns the seals whose flag was cleared. */
	makeDefault(seal: SealVersion): SealVersion[] {
		const cleared = this.sameScope(seal).filter(
			(s) => s.lineage_id !== seal.lineage_id && s.is_default,
		);
		for (const s of cleared) s.is_default = false;
		seal.is_default = true;
		return cleared;
	}

	log(
		seal: SealVersion,
		action: AccessAction,
		actor: { kind: ActorKind; id: string | null },
		details: Record<string, unknown> | null = null,
	): AccessLogEntry {
		const entry: AccessLogEntry = {
			id: randomUUID(),
			lineage_id: seal.lineage_id,
			seal_id: seal.id,
			seal_version: seal.version,
			action,
			actor_kind: actor.kind,
			actor_id: actor.id,
			details,
			created_at: this.now(),
		};
		this.accessLog.push(entry);
		return entry;
	}

	/** Newest first. */
	logOf(lineageId: string): AccessLogEntry[] {
		return this.accessLog
			.map((entry, index) => ({ entry, index }))
			.filter(({ entry }) => entry.lineage_id === lineageId)
			.sort((a, b) => b.entry.created_at - a.entry.created_at || b.index - a.index)
			.map(({ entry }) => entry);
	}

	/** Signing requests (not deleted) with a seal participant using any version of the lineage. */
	signingRequestsUsing(
		lineageId: string,
	): Array<{ sr: SigningRequestRecord; participantId: string; seal: SealVersion }> {
		const signing = signingStoreOf(this.state);
		const out: Array<{ sr: SigningRequestRecord; participantId: string; seal: SealVersion }> = [];
		for (const sr of signing.listSigningRequests()) {
			for (const p of sr.sealParticipants) {
				if (p.deleted) continue;
				const seal = this.get(p.organization_seals_id);
				if (seal && seal.lineage_id === lineageId) out.push({ sr, participantId: p.id, seal });
			}
		}
		return out;
	}

	/**
	 * Applications of a lineage, oldest first: one per seal participant of a signing request
	 * (finished → applied; cancelled, declined or expired → paused; otherwise pending), then the
	 * ones tests added.
	 */
	applicationsOf(lineageId: string): SealApplication[] {
		const signing = signingStoreOf(this.state);
		const derived = this.signingRequestsUsing(lineageId).map(
			({ sr, participantId, seal }): SealApplication => {
				const status = signing.statusOf(sr);
				const mapped: ApplicationStatus =
					status === 'finished'
						? 'applied'
						: status === 'cancelled' || status === 'declined' || status === 'expired'
							? 'paused'
							: 'pending';
				return {
					id: participantId,
					lineage_id: lineageId,
					seal_id: seal.id,
					seal_version: seal.version,
					signing_request_id: sr.id,
					seal_participant_id: participantId,
					status: mapped,
					applied_at: mapped === 'applied' ? sr.finished_on : null,
					created_at: sr.created_at,
				};
			},
		);
		return [...derived, ...this.extraApplications.filter((a) => a.lineage_id === lineageId)];
	}

	/** Test set-up: `count` applications of the seal's lineage with the given status. */
	addApplications(
		sealId: string,
		count: number,
		status: ApplicationStatus = 'applied',
	): SealApplication[] {
		const seal = this.get(sealId);
		if (!seal) throw new Error(`No seal ${sealId}`);
		const now = this.now();
		const added: SealApplication[] = [];
		for (let i = 0; i < count; i++) {
			const app: SealApplication = {
				id: randomUUID(),
				lineage_id: seal.lineage_id,
				seal_id: seal.id,
				seal_version: seal.version,
				signing_request_id: randomUUID(),
				seal_participant_id: null,
				status,
				applied_at: status === 'applied' ? now : null,
				created_at: now,
			};
			this.extraApplications.push(app);
			added.push(app);
		}
		return added;
	}

	/** Removes every version, log entry and added application of a lineage; returns the versions removed. */
	erase(lineageId: string): number {
		const before = this.versions.length;
		for (let i = this.versions.length - 1; i >= 0; i--)
			if (this.versions[i].lineage_id === lineageId) this.versions.splice(i, 1);
		for (let i = this.extraApplications.length - 1; i >= 0; i--)
			if (this.extraApplications[i].lineage_id === lineageId) this.extraApplications.splice(i, 1);
		return before - this.versions.length;
	}

	// ---- JSON ------------------------------------------------------------------------------

	/** `OrganizationSeal` (list and get leave out image and statement internals). */
	json(seal: SealVersion): Record<string, unknown> {
		return {
			id: seal.id,
			lineage_id: seal.lineage_id,
			version: seal.version,
			companies_id: seal.companies_id,
			companies_workspaces_id: seal.companies_workspaces_id,
			authority_name: seal.authority_name,
			name: seal.name,
			display_name: seal.display_name,
			signatory_title: seal.signatory_title,
			kind: seal.kind,
			is_default: seal.is_default ? 1 : 0,
			statement_language: seal.statement.language,
			statement_version: seal.statement.version,
			signatory_name: seal.statement.signatory_name,
			signatory_title_attested: seal.statement.signatory_title,
			attested_at: iso(seal.statement.accepted_at),
			revoked_on: seal.revoked_on === null ? null : iso(seal.revoked_on),
			created_at: iso(seal.created_at),
			deleted: seal.deleted ? 1 : 0,
		};
	}

	/**
	 * A seal application as the API reference documents it: only its `status` (O8). The sandbox's
	 * record keeps more (request, participant, dates) for its own use and tests.
	 */
	applicationJson(app: SealApplication): Record<string, unknown> {
		return { status: app.status };
	}

	/** An access-log entry as documented: `action` and `actor_kind` only (O9). */
	logJson(entry: AccessLogEntry): Record<string, unknown> {
		return { action: entry.action, actor_kind: entry.actor_kind };
	}
}
