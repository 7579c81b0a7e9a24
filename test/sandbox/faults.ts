/**
 * Injected faults: the next matching request(s) get a canned status, a reset connection or a delay.
 */
import type { Fault } from './types';

interface ActiveFault {
	fault: Fault;
	remaining: number;
}

export class FaultQueue {
	private readonly active: ActiveFault[] = [];

	add(fault: Fault): void {
		const times = fault.times ?? 1;
		if (times > 0) this.active.push({ fault, remaining: times });
	}

	/** The first fault (in injection order) matching the request; uses up one of its `times`. */
	take(method: string, path: string): Fault | undefined {
		const index = this.active.findIndex(({ fault }) => matches(fault, method, path));
		if (index === -1) return undefined;
		const entry = this.active[index];
		entry.remaining -= 1;
		if (entry.remaining <= 0) this.active.splice(index, 1);
		return entry.fault;
	}

	clear(): void {
		this.active.length = 0;
	}

	get size(): number {
		return this.active.length;
	}
}

function matches(fault: Fault, method: string, path: string): boolean {
	if (fault.method && fault.method.toUpperCase() !== method.toUpperCase()) return false;
	if (fault.path === undefined) return true;
	if (typeof fault.path === 'string') return fault.path === path;
	fault.path.lastIndex = 0; // a /g or /y RegExp keeps state between tests
	return fault.path.test(path);
}
