/**
 * Delivery engine: turns `state.events` into signed HTTP deliveries (service-api.md "Events").
 *
 * - Every enabled, not deleted webhook that lists the event type gets it:
 *   company-level webhooks for events of every workspace (unless that workspace has
 *   `ignore_company_webhooks`) and for company-only events; workspace webhooks for events of their
 *   own workspace.
 * - Master switches (company flag for company-level webhooks, the workspace's `webhook_enabled`
 *   for workspace webhooks): when off the event is skipped before any attempt is logged, so
 *   nothing changes on the webhook (recorded in `skipped` for assertions only).
 * - Body: `{id, type, created_at, company_id, workspace_id, data}` serialised once; the exact
 *   bytes sent are the bytes signed. Headers: X-Service-Signature `t=<unix>,v1=<hex>` (HMAC-SHA256
 *   of `<t>.<body>` with the scope's secret), X-Service-Signature-Old (previous secret, during the
 *   7-day grace only), X-Service-Event, X-Service-Delivery (new for every attempt).
 * - 2xx within the timeout (5 s) = success. Up to 3 attempts: now, +5 min, +1 h, each delay
 *   multiplied by `retryScale` (tests use a tiny scale). Each failed attempt counts towards
 *   `consecutive_failures`; at 50 the webhook is disabled (`enabled=false`, `auto_disabled_at`).
 *   A success resets the count. Pending retries of a disabled or deleted webhook are dropped.
 * - Test deliveries (`POST /webhooks/{id}/test`, and the ping sent when a webhook is created):
 *   event `webhook.test`, one attempt, ignore every switch and the webhook's own `enabled`, and
 *   leave the failure counters alone.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';

import { TEST_EVENT_TYPE } from '../eventTypes';
import type { SandboxEvent } from '../events';
import { iso, type SandboxState } from '../state';
import type { WebhookRecord, WebhookStore } from './store';

export const DEFAULT_DELIVERY_TIMEOUT_MS = 5_000;
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [0, 5 * 60_000, 60 * 60_000];
export const AUTO_DISABLE_AFTER = 50;

export interface DeliveryRecord {
	/** The X-Service-Delivery value of this attempt. */
	deliveryId: string;
	webhookId: string;
	eventId: string;
	eventType: string;
	/** 1, 2 or 3. */
	attempt: number;
	test: boolean;
	url: string;
	/** Headers sent (names as sent). */
	headers: Record<string, string>;
	/** The exact body sent (and signed). */
	body: string;
	/** HTTP status received; null when no answer (timeout, refused, reset). */
	status: number | null;
	/** Text of the answer (up to 2000 characters). */
	responseBody: string;
	ok: boolean;
	error?: string;
	/** Sandbox clock (ms) when the attempt started. */
	at: number;
	durationMs: number;
}

export interface SkippedDelivery {
	eventId: string;
	eventType: string;
	webhookId: string;
	reason: 'company_master_switch_off' | 'workspace_master_switch_off';
}

export interface DeliveryOptions {
	timeoutMs?: number;
	/** Multiplies the retry delays (1 = real 5 min / 1 h). */
	retryScale?: number;
	retryDelaysMs?: readonly number[];
	autoDisableAfter?: number;
}

export interface Envelope {
	id: string;
	type: string;
	created_at: string;
	company_id: string;
	workspace_id: string | null;
	data: Record<string, unknown>;
}

export function signatureHeader(secret: string, timestamp: number, body: string): string {
	const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
	return `t=${timestamp},v1=${mac}`;
}

export class DeliveryEngine {
	readonly deliveries: DeliveryRecord[] = [];
	readonly skipped: SkippedDelivery[] = [];
	private readonly pending = new Set<Promise<unknown>>();
	/** Scheduled retries, with the function that settles their pending promise. */
	private readonly timers = new Map<NodeJS.Timeout, () => void>();
	private readonly aborter = new AbortController();
	private readonly timeoutMs: number;
	private readonly delays: readonly number[];
	private readonly autoDisableAfter: number;
	private readonly unsubscribe: () => void;
	private closed = false;

	constructor(
		private readonly state: SandboxState,
		private readonly store: WebhookStore,
		options: DeliveryOptions = {},
	) {
		this.timeoutMs = options.timeoutMs ?? DEFAULT_DELIVERY_TIMEOUT_MS;
		const scale = options.retryScale ?? 1;
		this.delays = (options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS).map((ms) =>
			Math.max(0, ms * scale),
		);
		this.autoDisableAfter = options.autoDisableAfter ?? AUTO_DISABLE_AFTER;
		this.unsubscribe = state.events.on((event) => this.dispatch(event));
	}

	/** Which webhooks an event goes to, and which were skipped because of a master switch. */
	targets(event: SandboxEvent): { deliver: WebhookRecord[]; skipped: SkippedDelivery[] } {
		const deliver: WebhookRecord[] = [];
		const skipped: SkippedDelivery[] = [];
		const eventWorkspace = event.workspace_id
			? this.state.getWorkspace(event.workspace_id)
			: undefined;
		for (const webhook of this.store.live()) {
			if (!webhook.enabled || !webhook.events.includes(event.type)) continue;
			const base = { eventId: event.id, eventType: event.type, webhookId: webhook.id };
			if (webhook.workspace_id === null) {
				if (event.company_id !== this.state.company.id) continue;
				if (eventWorkspace?.ignore_company_webhooks) continue;
				if (!this.store.companyMasterSwitch) {
					skipped.push({ ...base, reason: 'company_master_switch_off' });
					continue;
				}
			} else {
				if (webhook.workspace_id !== event.workspace_id) continue;
				if (!this.store.workspaceMasterSwitch(webhook.workspace_id)) {
					skipped.push({ ...base, reason: 'workspace_master_switch_off' });
					continue;
				}
			}
			deliver.push(webhook);
		}
		return { deliver, skipped };
	}

	dispatch(event: SandboxEvent): void {
		if (this.closed) return;
		const { deliver, skipped } = this.targets(event);
		this.skipped.push(...skipped);
		const body = JSON.stringify(envelopeOf(event));
		for (const webhook of deliver) this.track(this.attempt(webhook, event, body, 1));
	}

	/** One test delivery (event `webhook.test`), awaited. Ignores every switch. */
	async sendTest(webhook: WebhookRecord): Promise<DeliveryRecord> {
		const at = this.state.now();
		const event: Envelope = {
			id: `evt_${Math.floor(at / 1000)}_${randomBytes(4).toString('hex')}`,
			type: TEST_EVENT_TYPE,
			created_at: iso(at),
			company_id: this.state.company.id,
			workspace_id: webhook.workspace_id,
			data: {
				test: true,
				webhook_id: webhook.id,
				message: 'This is a test event from the document-signing service.',
			},
		};
		const promise = this.send(webhook, event, JSON.stringify(event), 1, true);
		this.track(promise);
		return await promise;
	}

	/** The ping sent when a webhook is created (not awaited by the request). */
	ping(webhook: WebhookRecord): void {
		if (this.closed) return;
		this.track(this.sendTest(webhook).catch(() => undefined));
	}

	/** Resolves once nothing is in flight or scheduled (retries included). */
	async flush(): Promise<void> {
		while (this.pending.size > 0) {
			await Promise.allSettled([...this.pending]);
		}
	}

	close(): void {
		this.closed = true;
		this.unsubscribe();
		for (const [timer, settle] of this.timers) {
			clearTimeout(timer);
			settle();
		}
		this.timers.clear();
		this.aborter.abort();
	}

	private track(promise: Promise<unknown>): void {
		this.pending.add(promise);
		void promise.finally(() => this.pending.delete(promise));
	}

	private async attempt(
		webhook: WebhookRecord,
		event: SandboxEvent,
		body: string,
		attempt: number,
	): Promise<void> {
		if (this.closed) return;
		// A retry goes out only while the webhook still exists and is enabled.
		if (attempt > 1 && (webhook.deleted_at !== null || !webhook.enabled)) return;
		const record = await this.send(webhook, event, body, attempt, false);
		if (record.ok) {
			webhook.consecutive_failures = 0;
			webhook.last_success_at = iso(record.at);
			return;
		}
		webhook.consecutive_failures += 1;
		webhook.last_failure_at = iso(this.state.now());
		if (webhook.enabled && webhook.consecutive_failures >= this.autoDisableAfter) {
			webhook.enabled = false;
			webhook.auto_disabled_at = iso(this.state.now());
		}
		if (attempt < this.delays.length) this.schedule(webhook, event, body, attempt + 1);
	}

	private schedule(
		webhook: WebhookRecord,
		event: SandboxEvent,
		body: string,
		attempt: number,
	): void {
		if (this.closed) return;
		const delay = this.delays[attempt - 1] ?? 0;
		const promise = new Promise<void>((resolve) => {
			const timer = setTimeout(() => {
				this.timers.delete(timer);
				this.attempt(webhook, event, body, attempt).then(resolve, resolve);
			}, delay);
			timer.unref?.();
			// close() clears the timer and settles the promise, so flush() never hangs.
			this.timers.set(timer, resolve);
		});
		this.track(promise);
	}

	private async send(
		webhook: WebhookRecord,
		event: { id: string; type: string },
		body: string,
		attempt: number,
		test: boolean,
	): Promise<DeliveryRecord> {
		const scope = webhook.workspace_id ?? 'company';
		const secrets = this.store.activeSecrets(scope);
		const at = this.state.now();
		const timestamp = Math.floor(at / 1000);
		const headers: Record<string, string> = {
			'Content-Type': 'application/json',
			'User-Agent': 'document-signing-sandbox-webhooks/1.0',
			'X-Service-Event': event.type,
			'X-Service-Delivery': `dlv_${randomUUID()}`,
		};
		if (secrets) {
			headers['X-Service-Signature'] = signatureHeader(secrets.current, timestamp, body);
			if (secrets.previous) {
				headers['X-Service-Signature-Old'] = signatureHeader(secrets.previous, timestamp, body);
			}
		}
		const record: DeliveryRecord = {
			deliveryId: headers['X-Service-Delivery'],
			webhookId: webhook.id,
			eventId: event.id,
			eventType: event.type,
			attempt,
			test,
			url: webhook.url,
			headers,
			body,
			status: null,
			responseBody: '',
			ok: false,
			at,
			durationMs: 0,
		};
		this.deliveries.push(record);
		const started = Date.now();
		try {
			const signal = AbortSignal.any([AbortSignal.timeout(this.timeoutMs), this.aborter.signal]);
			const response = await fetch(webhook.url, {
				method: 'POST',
				headers,
				body,
				signal,
				redirect: 'manual',
			});
			record.status = response.status;
			record.responseBody = (await response.text()).slice(0, 2000);
			record.ok = response.status >= 200 && response.status < 300;
			if (!record.ok) record.error = `HTTP ${response.status}`;
		} catch (error) {
			const err = error as Error & { cause?: { code?: string } };
			record.error =
				err.name === 'TimeoutError'
					? `No answer within ${this.timeoutMs} ms`
					: (err.cause?.code ?? err.message);
		}
		record.durationMs = Date.now() - started;
		return record;
	}
}

export function envelopeOf(event: SandboxEvent): Envelope {
	return {
		id: event.id,
		type: event.type,
		created_at: event.created_at,
		company_id: event.company_id,
		workspace_id: event.workspace_id,
		data: event.data,
	};
}
