import type { INode } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

/** The execution's cancel signal, where n8n gives one (action node, not triggers or the editor). */
export function cancelSignalOf(context: object): AbortSignal | undefined {
	const withSignal = context as { getExecutionCancelSignal?: () => AbortSignal | undefined };
	return typeof withSignal.getExecutionCancelSignal === 'function'
		? withSignal.getExecutionCancelSignal()
		: undefined;
}

/** The longest slice of a wait: bounds how long a timer outlives a stopped execution. */
const SLICE_MS = 250;

export function stoppedError(node: INode, itemIndex?: number): NodeOperationError {
	return new NodeOperationError(node, 'The execution was stopped', {
		description: 'Nothing more was sent to the service after the execution was stopped.',
		itemIndex,
	});
}

/** Throws when the execution has been stopped: called before anything is sent. */
export function throwIfStopped(
	signal: AbortSignal | undefined,
	node: INode,
	itemIndex?: number,
): void {
	if (signal?.aborted) throw stoppedError(node, itemIndex);
}

/**
 * Waits `ms`, unless the execution is stopped: then it throws at once (n8n's `sleep` cannot be
 * cancelled, so the wait is made of short slices raced against the signal).
 */
export async function waitUnlessStopped(
	ms: number,
	signal: AbortSignal | undefined,
	node: INode,
	itemIndex?: number,
): Promise<void> {
	throwIfStopped(signal, node, itemIndex);
	if (ms <= 0) return;
	if (!signal) {
		await sleep(ms);
		return;
	}
	let onAbort: (() => void) | undefined;
	const stopped = new Promise<'stopped'>((resolve) => {
		onAbort = () => resolve('stopped');
		signal.addEventListener('abort', onAbort, { once: true });
	});
	try {
		const until = Date.now() + ms;
		for (let left = ms; left > 0; left = until - Date.now()) {
			const outcome = await Promise.race([sleep(Math.min(left, SLICE_MS)), stopped]);
			if (outcome === 'stopped' || signal.aborted) throw stoppedError(node, itemIndex);
		}
	} finally {
		if (onAbort) signal.removeEventListener('abort', onAbort);
	}
}
