/**
 * The webhook area of the sandbox: records, secrets, master switches and the delivery engine,
 * plus the in-process controls tests use (`sandbox.webhooks`).
 *
 *   sandbox.webhooks.setCompanyMasterSwitch(false);
 *   sandbox.state.events.emit('signing_request.completed', workspaceId, { signing_request: { id } });
 *   await sandbox.webhooks.flush();
 *   sandbox.deliveries; // every attempt, with headers and the exact body sent
 */
import type { SandboxState } from '../state';
import {
	DeliveryEngine,
	type DeliveryOptions,
	type DeliveryRecord,
	type SkippedDelivery,
} from './delivery';
import type { ActiveSecrets, SecretScope, SecretState } from './secrets';
import { WebhookStore, type RotationOutcome, type WebhookRecord } from './store';

export {
	AUTO_DISABLE_AFTER,
	DEFAULT_DELIVERY_TIMEOUT_MS,
	DEFAULT_RETRY_DELAYS_MS,
	signatureHeader,
	type DeliveryRecord,
	type Envelope,
	type SkippedDelivery,
} from './delivery';
export {
	ROTATION_COOLDOWN_MS,
	SECRET_GRACE_HOURS,
	SECRET_GRACE_MS,
	WEBHOOK_SECRETS,
	type ActiveSecrets,
	type SecretScope,
} from './secrets';
export type { WebhookRecord } from './store';

export interface WebhookAreaOptions extends DeliveryOptions {
	/** Send a `webhook.test` ping when a webhook is created (as the service does). Default true. */
	testOnCreate?: boolean;
}

/** In-process controls of the webhook area (`sandbox.webhooks`). */
export interface SandboxWebhooks {
	/** Every delivery attempt, in order. */
	readonly deliveries: DeliveryRecord[];
	/** Deliveries not attempted because a master switch was off. */
	readonly skipped: SkippedDelivery[];
	/** All webhook records, deleted ones included (`deleted_at` set). */
	readonly records: WebhookRecord[];
	/** Resolves when no delivery is in flight or scheduled (retries included). */
	flush(): Promise<void>;
	setCompanyMasterSwitch(on: boolean): void;
	companyMasterSwitch(): boolean;
	/** Turning it on creates the workspace's secret if it has none. */
	setWorkspaceMasterSwitch(workspaceId: string, on: boolean): void;
	/** The secrets deliveries of a scope ('company' or a workspace id) are signed with now. */
	secretOf(scope: SecretScope): ActiveSecrets | undefined;
	secretState(scope: SecretScope): SecretState | undefined;
	/** Rotates a secret as the API does; `ignoreCooldown` skips the 1-per-minute rule. */
	rotateSecret(scope: SecretScope, opts?: { ignoreCooldown?: boolean }): RotationOutcome;
	/** Sends a test delivery to a webhook, as POST /webhooks/{id}/test does. */
	sendTest(webhookId: string): Promise<DeliveryRecord>;
}

export interface WebhookArea {
	store: WebhookStore;
	engine: DeliveryEngine;
	options: Required<Pick<WebhookAreaOptions, 'testOnCreate'>>;
	controls: SandboxWebhooks;
	close(): void;
}

const areas = new WeakMap<SandboxState, WebhookArea>();

/** The webhook area of a sandbox state (for route handlers). */
export function webhooksOf(state: SandboxState): WebhookArea {
	const area = areas.get(state);
	if (!area) throw new Error('The webhook area is not attached to this sandbox state');
	return area;
}

/** Creates the webhook area of a sandbox and subscribes it to `state.events`. */
export function attachWebhooks(state: SandboxState, options: WebhookAreaOptions = {}): WebhookArea {
	const store = new WebhookStore(state);
	const engine = new DeliveryEngine(state, store, options);
	const controls: SandboxWebhooks = {
		deliveries: engine.deliveries,
		skipped: engine.skipped,
		records: store.webhooks,
		flush: () => engine.flush(),
		setCompanyMasterSwitch: (on) => store.setCompanyMasterSwitch(on),
		companyMasterSwitch: () => store.companyMasterSwitch,
		setWorkspaceMasterSwitch: (workspaceId, on) => {
			store.setWorkspaceMasterSwitch(workspaceId, on);
		},
		secretOf: (scope) => store.activeSecrets(scope),
		secretState: (scope) => store.secretState(scope),
		rotateSecret: (scope, opts) => store.rotate(scope, opts),
		sendTest: async (webhookId) => {
			const record = store.get(webhookId);
			if (!record) throw new Error(`Unknown webhook ${webhookId}`);
			return await engine.sendTest(record);
		},
	};
	const area: WebhookArea = {
		store,
		engine,
		options: { testOnCreate: options.testOnCreate ?? true },
		controls,
		close: () => engine.close(),
	};
	areas.set(state, area);
	return area;
}
