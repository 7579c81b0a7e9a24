/**
 * Webhook records, signing secrets and master switches of one sandbox instance.
 *
 * - Webhooks are soft-deleted (`deleted_at`), never removed: deliveries and lists skip them.
 * - Company master switch: a flag here (default ON). Workspace master switch: the workspace's
 *   `webhook_enabled` field (ON for the two ordinary seeded workspaces, OFF for the protected one
 *   and for workspaces created later). Turning a workspace switch on creates its secret if none
 *   exists (the seeded value for seeded workspaces, a random one otherwise).
 * - The current workspace secret and its dates are mirrored into the workspace record
 *   (`webhook_secret`, `webhook_secret_created_at`, `webhook_secret_rotated_at`), as GET /workspaces shows.
 */
import { randomBytes, randomUUID } from 'node:crypto';

import { iso, type SandboxState, type WorkspaceRecord } from '../state';
import { SEED } from '../seed';
import {
	activeSecrets,
	ROTATION_COOLDOWN_MS,
	SECRET_GRACE_MS,
	WEBHOOK_SECRETS,
	type ActiveSecrets,
	type SecretScope,
	type SecretState,
} from './secrets';

export interface WebhookRecord {
	id: string;
	url: string;
	description: string | null;
	events: string[];
	enabled: boolean;
	/** null = company-level webhook. */
	workspace_id: string | null;
	consecutive_failures: number;
	auto_disabled_at: string | null;
	last_failure_at: string | null;
	last_success_at: string | null;
	created_at: string;
	updated_at: string;
	/** Soft delete: hidden from the API, never delivered to. */
	deleted_at: string | null;
}

export interface RotationResult {
	newSecret: string;
	oldSecretExpiresAt: number | null;
	rotatedAt: number;
}

export type RotationOutcome =
	| { ok: true; result: RotationResult }
	| { ok: false; retryAfterSeconds: number };

function newSecret(): string {
	return randomBytes(32).toString('hex');
}

export class WebhookStore {
	readonly webhooks: WebhookRecord[] = [];
	companyMasterSwitch = true;
	private readonly secrets = new Map<SecretScope, SecretState>();
	private readonly lastRotation = new Map<SecretScope, number>();

	constructor(readonly state: SandboxState) {
		const now = state.now();
		const companyCreated = Date.parse(SEED.company.created_date);
		this.secrets.set('company', {
			current: WEBHOOK_SECRETS.company,
			previous: null,
			previousExpiresAt: null,
			createdAt: Number.isFinite(companyCreated) ? companyCreated : now,
			rotatedAt: null,
		});
		for (const seeded of SEED.workspaces) {
			const ws = state.getWorkspace(seeded.id);
			if (!ws) continue;
			this.setWorkspaceMasterSwitch(ws.id, true, Date.parse(seeded.created_date));
		}
	}

	// ---- webhooks -------------------------------------------------------------------------

	create(input: {
		url: string;
		events: string[];
		workspaceId: string | null;
		description: string | null;
		enabled: boolean;
	}): WebhookRecord {
		const now = this.state.nowIso();
		const record: WebhookRecord = {
			id: randomUUID(),
			url: input.url,
			description: input.description,
			events: [...input.events],
			enabled: input.enabled,
			workspace_id: input.workspaceId,
			consecutive_failures: 0,
			auto_disabled_at: null,
			last_failure_at: null,
			last_success_at: null,
			created_at: now,
			updated_at: now,
			deleted_at: null,
		};
		this.webhooks.push(record);
		return record;
	}

	/** A webhook that is not deleted. */
	get(id: string): WebhookRecord | undefined {
		return this.webhooks.find((w) => w.id === id && w.deleted_at === null);
	}

	live(): WebhookRecord[] {
		return this.webhooks.filter((w) => w.deleted_at === null);
	}

	update(
		record: WebhookRecord,
		changes: { url?: string; events?: string[]; description?: string | null; enabled?: boolean },
	): WebhookRecord {
		if (changes.url !== undefined) record.url = changes.url;
		if (changes.events !== undefined) record.events = [...changes.events];
		if (changes.description !== undefined) record.description = changes.description;
		if (changes.enabled !== undefined) {
			if (changes.enabled && !record.enabled) {
				// Re-enabling (for instance after the automatic disable) starts counting afresh.
				record.consecutive_failures = 0;
				record.auto_disabled_at = null;
			}
			record.enabled = changes.enabled;
		}
		record.updated_at = this.state.nowIso();
		return record;
	}

	softDelete(record: WebhookRecord): void {
		record.deleted_at = this.state.nowIso();
		record.updated_at = record.deleted_at;
	}

	/**
	 * Webhook. Its scope (`workspace_id` of the create body) is not part of the documented answer:
	 * GET /webhooks?workspace_id= lists a workspace's webhooks, without it the company's.
	 */
	toJson(record: WebhookRecord): Record<string, unknown> {
		return {
			id: record.id,
			url: record.url,
			description: record.description,
			events: [...record.events],
			enabled: record.enabled,
			consecutive_failures: record.consecutive_failures,
			auto_disabled_at: record.auto_disabled_at,
			last_failure_at: record.last_failure_at,
			last_success_at: record.last_success_at,
			created_at: record.created_at,
			updated_at: record.updated_at,
		};
	}

	// ---- master switches ------------------------------------------------------------------

	setCompanyMasterSwitch(on: boolean): void {
		this.companyMasterSwitch = on;
	}

	/** Turning it on creates the workspace's secret if it has none. */
	setWorkspaceMasterSwitch(workspaceId: string, on: boolean, createdAt?: number): WorkspaceRecord {
		const ws = this.state.getWorkspace(workspaceId);
		if (!ws) throw new Error(`Unknown workspace ${workspaceId}`);
		ws.webhook_enabled = on;
		if (on && !this.secrets.has(ws.id)) {
			const at =
				createdAt !== undefined && Number.isFinite(createdAt) ? createdAt : this.state.now();
			this.secrets.set(ws.id, {
				current: WEBHOOK_SECRETS.workspaces[ws.id] ?? newSecret(),
				previous: null,
				previousExpiresAt: null,
				createdAt: at,
				rotatedAt: null,
			});
			this.mirror(ws.id);
		}
		return ws;
	}

	workspaceMasterSwitch(workspaceId: string): boolean {
		return this.state.getWorkspace(workspaceId)?.webhook_enabled === true;
	}

	// ---- secrets --------------------------------------------------------------------------

	secretState(scope: SecretScope): SecretState | undefined {
		return this.secrets.get(scope);
	}

	/** The secrets deliveries of this scope are signed with now (previous only during grace). */
	activeSecrets(scope: SecretScope): ActiveSecrets | undefined {
		const secret = this.secrets.get(scope);
		return secret ? activeSecrets(secret, this.state.now()) : undefined;
	}

	/** Rotates at once, unless the previous rotation of this scope was less than a minute ago. */
	rotate(scope: SecretScope, opts: { ignoreCooldown?: boolean } = {}): RotationOutcome {
		const now = this.state.now();
		const last = this.lastRotation.get(scope);
		if (!opts.ignoreCooldown && last !== undefined && now - last < ROTATION_COOLDOWN_MS) {
			return {
				ok: false,
				retryAfterSeconds: Math.max(1, Math.ceil((last + ROTATION_COOLDOWN_MS - now) / 1000)),
			};
		}
		this.lastRotation.set(scope, now);
		const existing = this.secrets.get(scope);
		const fresh = newSecret();
		if (!existing) {
			this.secrets.set(scope, {
				current: fresh,
				previous: null,
				previousExpiresAt: null,
				createdAt: now,
				rotatedAt: now,
			});
			this.mirror(scope);
			return { ok: true, result: { newSecret: fresh, oldSecretExpiresAt: null, rotatedAt: now } };
		}
		existing.previous = existing.current;
		existing.previousExpiresAt = now + SECRET_GRACE_MS;
		existing.current = fresh;
		existing.rotatedAt = now;
		this.mirror(scope);
		return {
			ok: true,
			result: { newSecret: fresh, oldSecretExpiresAt: existing.previousExpiresAt, rotatedAt: now },
		};
	}

	secretStatusJson(scope: SecretScope): Record<string, unknown> | undefined {
		const secret = this.secrets.get(scope);
		if (!secret) return undefined;
		const now = this.state.now();
		const graceActive = secret.previousExpiresAt !== null && now < secret.previousExpiresAt;
		return {
			created_at: iso(secret.createdAt),
			last_rotated_at: secret.rotatedAt === null ? null : iso(secret.rotatedAt),
			grace_period_active: graceActive,
			grace_period_ends_at: graceActive ? iso(secret.previousExpiresAt as number) : null,
		};
	}

	/** Keeps the workspace record's webhook-secret fields in line with the secret. */
	private mirror(scope: SecretScope): void {
		if (scope === 'company') return;
		const ws = this.state.getWorkspace(scope);
		const secret = this.secrets.get(scope);
		if (!ws || !secret) return;
		ws.webhook_secret = secret.current;
		ws.webhook_secret_created_at = iso(secret.createdAt);
		ws.webhook_secret_rotated_at = secret.rotatedAt === null ? null : iso(secret.rotatedAt);
	}
}
