/**
 * The sandbox's internal event bus. Areas that change state (signing requests, templates, seals,
 * workspaces, domains …) call `state.events.emit(...)`; the webhook area listens and delivers the
 * event to registered URLs. Tests may listen too.
 */
import type { SubscribableEventType } from './eventTypes';

export interface SandboxEvent {
	/** Event id, e.g. "evt_1795326111_ab12cd34": the same event retried keeps it. */
	id: string;
	/** Event type from the service's list, e.g. "signing_request.completed". */
	type: SubscribableEventType;
	/** ISO date-time (sandbox clock). */
	created_at: string;
	company_id: string;
	/** The workspace the event belongs to; null for company-only events. */
	workspace_id: string | null;
	data: Record<string, unknown>;
}

export type SandboxEventListener = (event: SandboxEvent) => void;

export class SandboxEvents {
	readonly emitted: SandboxEvent[] = [];
	private readonly listeners: SandboxEventListener[] = [];
	private counter = 0;

	constructor(
		private readonly now: () => number,
		private readonly companyId: string,
	) {}

	on(listener: SandboxEventListener): () => void {
		this.listeners.push(listener);
		return () => {
			const index = this.listeners.indexOf(listener);
			if (index >= 0) this.listeners.splice(index, 1);
		};
	}

	emit(
		type: SubscribableEventType,
		workspaceId: string | null,
		data: Record<string, unknown>,
	): SandboxEvent {
		const at = this.now();
		this.counter += 1;
		const event: SandboxEvent = {
			id: `evt_${Math.floor(at / 1000)}_${this.counter.toString(16).padStart(8, '0')}`,
			type,
			created_at: new Date(at).toISOString(),
			company_id: this.companyId,
			workspace_id: workspaceId,
			data,
		};
		this.emitted.push(event);
		for (const listener of [...this.listeners]) listener(event);
		return event;
	}
}
