import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { ENDPOINTS } from '../../shared/endpoints';
import { callApi } from '../../shared/transport';

/**
 * Reading back what an answer lacks, so that every source of a signing request gives the same
 * values (nodes/shared/signingRequest.ts): the request's workspace and, after Create and Send,
 * its expiry date. Both come from the request's detail (GET /signing-requests/{id}).
 *
 * - **The workspace**: an API key belongs to one workspace, so every request one run of the node
 *   reads or writes with its credential is in the same one. The run reads it once, from the
 *   detail of the first request it needs it for, and every item of the run gets it (N items:
 *   one read). `NodeRun` is made by actions/router.ts for each execute call: nothing is kept
 *   between runs.
 * - **A read after a write never fails the write**: the write happened, and an error would invite
 *   a retry of it (a second request, a second send). When the read fails, the item is output
 *   with the value null and a `warnings` entry saying why.
 */

/** What one run of the action node (one execute call: all its items) has read. */
export interface NodeRun {
	/** The credential's workspace, from the detail of the first request that needed it. */
	workspace?: Promise<string>;
}

/** A new run's reads (actions/router.ts, once per execute call). */
export function newNodeRun(): NodeRun {
	return {};
}

/** A request's detail (GET /signing-requests/{id}), as the service answers it. */
export async function readDetail(context: IExecuteFunctions, id: string): Promise<IDataObject> {
	const body = (
		await callApi<IDataObject>(context, ENDPOINTS.getSigningRequest, { params: { id } })
	).body;
	return body && typeof body === 'object' && !Array.isArray(body) ? body : {};
}

/** The workspace a detail names (`companies_workspaces_id`), if it names one. */
export function workspaceOfDetail(detail: IDataObject): string | undefined {
	const id = detail.companies_workspaces_id;
	return typeof id === 'string' && id !== '' ? id : undefined;
}

/**
 * Remembers the workspace a detail read for other reasons names (Create and Send's expiry read),
 * so the run does not read it again.
 */
export function rememberWorkspace(run: NodeRun, detail: IDataObject): void {
	const id = workspaceOfDetail(detail);
	if (id && !run.workspace) run.workspace = Promise.resolve(id);
}

/**
 * The credential's workspace: read once per run (the detail of request `id`), then the same
 * answer for every item, a failed read included (one read per run, not one per item).
 */
export function workspaceOfRun(
	context: IExecuteFunctions,
	run: NodeRun,
	id: string,
): Promise<string> {
	if (!run.workspace) {
		run.workspace = readDetail(context, id).then((detail) => {
			const workspace = workspaceOfDetail(detail);
			if (!workspace) throw new Error('the answer names no workspace');
			return workspace;
		});
		// Awaited by each item that needs it; an unhandled rejection must not be reported meanwhile.
		run.workspace.catch(() => undefined);
	}
	return run.workspace;
}

/**
 * `json` with `message` added to its `warnings` (made when there are none), placed before
 * `key_mode` as the one shape's items have them (helpers/output.ts `signingRequestJson`).
 */
export function withWarning(json: IDataObject, message: string): IDataObject {
	const { warnings, key_mode: keyMode, ...rest } = json;
	const list = Array.isArray(warnings) ? [...warnings] : warnings === undefined ? [] : [warnings];
	return {
		...rest,
		warnings: [...list, message] as IDataObject[string],
		...(keyMode !== undefined ? { key_mode: keyMode } : {}),
	};
}

/** The reason of a failed read, in a sentence. */
export function reasonOf(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

/**
 * Items of a signing request in the one shape (Simplify on) with `workspace_id` filled where the
 * answer did not name it: from the run's workspace (`workspaceOfRun`). A failed read leaves it
 * null, with a warning; the items are output either way.
 */
export async function fillWorkspace(
	context: IExecuteFunctions,
	run: NodeRun,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const out: INodeExecutionData[] = [];
	for (const item of items) {
		const { id, workspace_id: workspace } = item.json;
		if (workspace !== null || typeof id !== 'string' || id === '') {
			out.push(item);
			continue;
		}
		try {
			out.push({
				...item,
				json: { ...item.json, workspace_id: await workspaceOfRun(context, run, id) },
			});
		} catch (error) {
			out.push({
				...item,
				json: withWarning(
					item.json,
					`workspace_id could not be read (GET /signing-requests/${id}): ${reasonOf(error)}`,
				),
			});
		}
	}
	return out;
}
