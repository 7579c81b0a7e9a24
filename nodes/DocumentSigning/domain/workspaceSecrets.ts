import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { fail } from '../helpers/errors';
import type { JsonSchema } from '../helpers/output';

/** What the transport puts in place of the credential's own keys (`redactionMark`). */
const REDACTED = /^\[[^\]]+ redacted\]$/;

/**
 * The secrets a workspace answer carries, and how the workspace operations keep them out of
 * n8n's execution data.
 *
 * A `Workspace` (response-shapes.md "Workspace") holds the workspace's live key (`api_key`), its
 * test key (`test_api_key`) and its webhook signing secret (`webhook_secret`). Whatever a node
 * outputs is stored with the execution (n8n's database) and shown in every view of it, so:
 * - Create Workspace outputs them (the new workspace's keys are what it is run for);
 * - Get and Get Many output them only with "Include API Keys and Secret" on;
 * - Update and Update One Part never do (Get with the option reads them);
 * - the replaced keys that Regenerate (`expiring_keys`) and Expire (`expired_keys`) list are
 *   masked: the old key is not what they are run for, and the masked form still tells which
 *   key it was.
 * Where keys are output, the operation declares the fields in its meta
 * (`sensitiveOutputFields`) for n8n versions that redact them in execution views.
 */

/** The secret fields of a Workspace, in the answer's order. */
export const WORKSPACE_SECRET_FIELDS = ['api_key', 'test_api_key', 'webhook_secret'] as const;

/** The output field that names the secrets a workspace item leaves out. */
export const SECRETS_OMITTED = 'secrets_omitted';

export const INCLUDE_SECRETS_LABEL = 'Include API Keys and Secret';

/**
 * A workspace without its keys and webhook secret. `secrets_omitted` names the fields the answer
 * had a value in (empty when it had none), so the output says what is missing and why a mapped
 * `api_key` is empty.
 */
export function withoutWorkspaceSecrets(workspace: IDataObject): IDataObject {
	const out: IDataObject = {};
	const omitted: string[] = [];
	for (const [key, value] of Object.entries(workspace)) {
		if ((WORKSPACE_SECRET_FIELDS as readonly string[]).includes(key)) {
			if (value !== null && value !== undefined && value !== '') omitted.push(key);
			continue;
		}
		out[key] = value;
	}
	out[SECRETS_OMITTED] = omitted;
	return out;
}

/** `secrets_omitted` in the output schemas (OperationOutput). */
export const SECRETS_OMITTED_OUTPUT: JsonSchema = {
	type: 'array',
	items: { type: 'string', enum: [...WORKSPACE_SECRET_FIELDS] },
};

/** Output items of workspace answers, with or without their secrets. */
export function workspaceItems(
	items: INodeExecutionData[],
	includeSecrets: boolean,
): INodeExecutionData[] {
	if (includeSecrets) return items;
	return items.map((item) => ({ ...item, json: withoutWorkspaceSecrets(item.json) }));
}

/** The include option as it resolved: a boolean (or its text from an expression), else an error. */
export function readIncludeSecrets(context: IExecuteFunctions, itemIndex: number): boolean {
	const value = context.getNodeParameter('includeSecrets', itemIndex, false) as unknown;
	if (value === true || value === false) return value;
	if (value === undefined || value === null || value === '') return false;
	const text = String(value).trim().toLowerCase();
	if (text === 'true') return true;
	if (text === 'false') return false;
	fail(
		context,
		`"${INCLUDE_SECRETS_LABEL}" must be true or false, not "${String(value).slice(0, 80)}"`,
	);
}

/**
 * A key shown so a person can tell which one it was, without the key: its first 12 characters
 * (`sk_live_` and 4 more) and its last 4. A value already masked (by the service, with … or *)
 * or redacted (the credential's own key, by the transport) is kept; a short one keeps at most its
 * first quarter.
 */
export function maskKey(value: string): string {
	if (/[…*]/.test(value) || REDACTED.test(value)) return value;
	if (value.length >= 24) return `${value.slice(0, 12)}…${value.slice(-4)}`;
	return `${value.slice(0, Math.floor(value.length / 4))}…`;
}

/** The answer of Regenerate or Expire API Key with the replaced keys in `listKey` masked. */
export function withMaskedOldKeys(
	answer: IDataObject,
	listKey: 'expiring_keys' | 'expired_keys',
): IDataObject {
	const list = answer[listKey];
	if (!Array.isArray(list)) return answer;
	return {
		...answer,
		[listKey]: list.map((entry: unknown) => {
			if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return entry;
			const key = (entry as IDataObject).api_key;
			return typeof key === 'string' ? { ...(entry as IDataObject), api_key: maskKey(key) } : entry;
		}),
	} as IDataObject;
}
