/**
 * In-memory state of one sandbox instance: company, workspaces, API keys, credits.
 *
 * The other areas (templates, signing requests, webhooks, ...) keep their data in a state module
 * of their own that takes this object. All time comes from `clock` so tests can move it forward
 * with `sandbox.clock.advance(ms)`.
 */
import { SandboxEvents } from './events';
import { randomBytes, randomUUID } from 'node:crypto';

import { insufficientCredits } from './errors';
import { SEED } from './seed';
import type { SandboxClock } from './types';

export type KeyType = 'live' | 'test';

/** Grace period of a key replaced by regenerate. */
export const KEY_GRACE_MS = 24 * 60 * 60 * 1000;

export interface CompanyRecord {
	id: string;
	name: string;
	language: string;
	account_owner: string;
	account_owner_email: string;
	website: string | null;
	icon_url: string | null;
	credits: number;
	created_date: string;
	updated_date: string;
}

export interface WorkspaceRecord {
	id: string;
	companyId: string;
	name: string;
	protected: boolean;
	created_date: string;
	updated_date: string;
	webhook_enabled: boolean;
	webhook_secret: string | null;
	webhook_secret_created_at: string | null;
	webhook_secret_rotated_at: string | null;
	ignore_company_webhooks: boolean;
	icon_url: string | null;
}

export interface ApiKeyRecord {
	id: string;
	workspaceId: string;
	type: KeyType;
	value: string;
	createdAt: number;
	/** null = the active key of its type; a number = replaced, valid until then (ms). */
	expiresAt: number | null;
}

/** Who is calling: resolved from the Authorization header. */
export interface AuthContext {
	key: ApiKeyRecord;
	company: CompanyRecord;
	workspace: WorkspaceRecord;
	/** 'live' or 'test', chosen only by which key was sent. */
	mode: KeyType;
	/** Shorthand for `mode === 'test'`: no credits used, created signing requests are test-flagged. */
	testMode: boolean;
	/** True when the key belongs to the protected workspace (account-wide reach). */
	isProtected: boolean;
}

export interface ExpiredKeyInfo {
	key: ApiKeyRecord;
	originalExpiresAt: number;
}

export function iso(ms: number): string {
	return new Date(ms).toISOString();
}

/** Partially masked key for listings: `sk_live_ab12…7f3e`. */
export function maskKey(value: string): string {
	if (value.length <= 16) return `${value.slice(0, 8)}…`;
	return `${value.slice(0, 12)}…${value.slice(-4)}`;
}

export function generateKeyValue(type: KeyType): string {
	return `sk_${type}_${randomBytes(16).toString('hex')}`;
}

export class SandboxState {
	company: CompanyRecord;
	workspaces: WorkspaceRecord[] = [];
	apiKeys: ApiKeyRecord[] = [];
	/** State changes as service events (see events.ts); the webhook area delivers them. */
	readonly events: SandboxEvents;

	constructor(
		readonly clock: SandboxClock,
		options: { startingCredits: number },
	) {
		const c = SEED.company;
		this.company = {
			id: c.id,
			name: c.name,
			language: c.language,
			account_owner: c.account_owner,
			account_owner_email: c.account_owner_email,
			website: c.website,
			icon_url: null,
			credits: options.startingCredits,
			created_date: c.created_date,
			updated_date: c.created_date,
		};
		this.events = new SandboxEvents(() => this.clock.now(), c.id);
		const seedWorkspaces = [
			{ ...SEED.protectedWorkspace, protected: true },
			...SEED.workspaces.map((w) => ({ ...w, protected: false })),
		];
		for (const w of seedWorkspaces) {
			const createdAt = Date.parse(w.created_date);
			this.workspaces.push(this.newWorkspaceRecord(w.id, w.name, w.protected, w.created_date));
			this.addKey(w.id, 'live', w.liveKey, createdAt);
			this.addKey(w.id, 'test', w.testKey, createdAt);
		}
	}

	now(): number {
		return this.clock.now();
	}

	nowIso(): string {
		return iso(this.now());
	}

	// ---- auth -------------------------------------------------------------------------------

	/** The caller for a raw key value, or undefined when the key is unknown or expired. */
	authenticate(keyValue: string): AuthContext | undefined {
		const key = this.apiKeys.find((k) => k.value === keyValue);
		if (!key || !this.isKeyValid(key)) return undefined;
		const workspace = this.getWorkspace(key.workspaceId);
		if (!workspace) return undefined;
		return {
			key,
			company: this.company,
			workspace,
			mode: key.type,
			testMode: key.type === 'test',
			isProtected: workspace.protected,
		};
	}

	isKeyValid(key: ApiKeyRecord): boolean {
		return key.expiresAt === null || this.now() < key.expiresAt;
	}

	/** The protected workspace key reaches every workspace of its company; other keys only their own. */
	canAccessWorkspace(auth: AuthContext, workspaceId: string): boolean {
		const ws = this.getWorkspace(workspaceId);
		if (!ws || ws.companyId !== auth.company.id) return false;
		return auth.isProtected || auth.workspace.id === workspaceId;
	}

	// ---- workspaces -------------------------------------------------------------------------

	getWorkspace(id: string): WorkspaceRecord | undefined {
		return this.workspaces.find((w) => w.id === id);
	}

	visibleWorkspaces(auth: AuthContext): WorkspaceRecord[] {
		return this.workspaces.filter((w) => this.canAccessWorkspace(auth, w.id));
	}

	/** Creates a workspace with fresh live and test keys. */
	createWorkspace(name: string, opts: { protected?: boolean } = {}): WorkspaceRecord {
		const now = this.now();
		const ws = this.newWorkspaceRecord(randomUUID(), name, opts.protected ?? false, iso(now));
		this.workspaces.push(ws);
		this.addKey(ws.id, 'live', generateKeyValue('live'), now);
		this.addKey(ws.id, 'test', generateKeyValue('test'), now);
		return ws;
	}

	touchWorkspace(ws: WorkspaceRecord): void {
		ws.updated_date = this.nowIso();
	}

	workspaceJson(ws: WorkspaceRecord): Record<string, unknown> {
		return {
			id: ws.id,
			name: ws.name,
			protected: ws.protected,
			api_key: this.activeKey(ws.id, 'live')?.value ?? null,
			test_api_key: this.activeKey(ws.id, 'test')?.value ?? null,
			created_date: ws.created_date,
			updated_date: ws.updated_date,
			webhook_enabled: ws.webhook_enabled,
			webhook_secret: ws.webhook_secret,
			webhook_secret_created_at: ws.webhook_secret_created_at,
			webhook_secret_rotated_at: ws.webhook_secret_rotated_at,
			ignore_company_webhooks: ws.ignore_company_webhooks,
			icon_url: ws.icon_url,
		};
	}

	// ---- API keys ---------------------------------------------------------------------------

	/** The current (non-expiring) key of a type. */
	activeKey(workspaceId: string, type: KeyType): ApiKeyRecord | undefined {
		return this.apiKeys.find(
			(k) => k.workspaceId === workspaceId && k.type === type && k.expiresAt === null,
		);
	}

	/** Replaced keys still inside their grace period. */
	pendingKeys(workspaceId: string, type?: KeyType): ApiKeyRecord[] {
		const now = this.now();
		return this.apiKeys.filter(
			(k) =>
				k.workspaceId === workspaceId &&
				(type === undefined || k.type === type) &&
				k.expiresAt !== null &&
				k.expiresAt > now,
		);
	}

	/**
	 * Issues a new key of `type`; the previously active key of that type gets a 24 h expiry.
	 * Returns the new key and every key of that type now in its grace period.
	 */
	regenerateKey(
		workspaceId: string,
		type: KeyType,
	): { newKey: ApiKeyRecord; expiringKeys: ApiKeyRecord[] } {
		const now = this.now();
		const previous = this.activeKey(workspaceId, type);
		if (previous) previous.expiresAt = now + KEY_GRACE_MS;
		const newKey = this.addKey(workspaceId, type, generateKeyValue(type), now);
		const ws = this.getWorkspace(workspaceId);
		if (ws) this.touchWorkspace(ws);
		return { newKey, expiringKeys: this.pendingKeys(workspaceId, type) };
	}

	/** Ends the grace period of pending keys (of one type, or all) at once. */
	expirePendingKeys(workspaceId: string, type?: KeyType): ExpiredKeyInfo[] {
		const now = this.now();
		return this.pendingKeys(workspaceId, type).map((key) => {
			const originalExpiresAt = key.expiresAt as number;
			key.expiresAt = now;
			return { key, originalExpiresAt };
		});
	}

	// ---- company and credits ----------------------------------------------------------------

	companyJson(): Record<string, unknown> {
		return { ...this.company };
	}

	/**
	 * Charges `n` credits for a request. Live keys deduct from the company's credits; test keys
	 * never do. Returns true when credits were deducted. Throws a 402 INSUFFICIENT_CREDITS
	 * ApiError (nothing deducted) when a live request needs more credits than the company has.
	 */
	consumeCredits(caller: AuthContext | { auth: AuthContext }, n: number): boolean {
		const auth = 'auth' in caller ? caller.auth : caller;
		if (auth.testMode || n <= 0) return false;
		if (this.company.credits < n) throw insufficientCredits(this.company.credits, n);
		this.company.credits -= n;
		return true;
	}

	// ---- internals --------------------------------------------------------------------------

	private newWorkspaceRecord(
		id: string,
		name: string,
		isProtected: boolean,
		createdDate: string,
	): WorkspaceRecord {
		return {
			id,
			companyId: this.company.id,
			name,
			protected: isProtected,
			created_date: createdDate,
			updated_date: createdDate,
			webhook_enabled: false,
			webhook_secret: null,
			webhook_secret_created_at: null,
			webhook_secret_rotated_at: null,
			ignore_company_webhooks: false,
			icon_url: null,
		};
	}

	private addKey(
		workspaceId: string,
		type: KeyType,
		value: string,
		createdAt: number,
	): ApiKeyRecord {
		const key: ApiKeyRecord = {
			id: randomUUID(),
			workspaceId,
			type,
			value,
			createdAt,
			expiresAt: null,
		};
		this.apiKeys.push(key);
		return key;
	}
}
