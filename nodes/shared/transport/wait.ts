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

export function stoppedError(node: INode): NodeOperationError {
	return new NodeOperationError(node, 'The execution was stopped', {
		description: 'Nothing more was sent to the service after the execution was stopped.',
	});
}

/** Throws when the execution has been stopped: called before anything is sent. */
export function throwIfStopped(signal: AbortSignal | undefined, node: INode): void {
	if (signal?.aborted) throw stoppedError(node);
}

/**
 * Waits `ms`, unless the execution is stopped: then it throws at once (n8n's `sleep` cannot be
 * cancelled, so the wait is made of short slices raced against the signal).
 */
export async function waitUnlessStopped(
	ms: number,
	signal: AbortSignal | undefined,
	node: INode,
): Promise<void> {
	throwIfStopped(signal, node);
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
			if (outcome === 'stopped' || signal.aborted) throw stoppedError(node);
		}
	} finally {
		if (onAbort) signal.removeEventListener('abort', onAbort);
	}
}
