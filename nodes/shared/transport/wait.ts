import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** The execution's cancel signal, where n8n gives one (action node, not triggers or the editor). */
export function cancelSignalOf(context: object): AbortSignal | undefined {
	const withSignal = context as { getExecutionCancelSignal?: () => AbortSignal | undefined };
	return typeof withSignal.getExecutionCancelSignal === 'function'
		? withSignal.getExecutionCancelSignal()
		: undefined;
}

export function stoppedError(node: INode): NodeOperationError {
	return new NodeOperationError(node, 'The execution was stopped', {
		description: 'Nothing more was sent to the service after the execution was stopped.',
	});
}

/** Throws when the execution has been stopped: called before anything is sent. */
export function throwIfStopped(signal: AbortSignal | undefined, node: INode): void {
	if (signal?.aborted) throw stoppedError(node);
}
