/**
 * Drives the poll trigger like n8n does, on n8n-core's real PollContext: each poll builds a
 * Workflow from the persisted static data (as n8n loads it), runs `poll()`, and persists the
 * static data afterwards when it changed (n8n saves it on emit, and commits it after an empty poll
 * too). `restart()` drops everything in memory: only `saved` (the database) survives.
 * Requests go through n8n-core's HTTP helpers and the harness credentials helper to the sandbox.
 */
import { PollContext } from 'n8n-core';
import type {
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeTypes,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { ApplicationError, deepCopy, Workflow } from 'n8n-workflow';

import { DocumentSigningApi } from '../../../credentials/DocumentSigningApi.credentials';
import { DocumentSigningPollTrigger } from '../../../nodes/DocumentSigningPollTrigger/DocumentSigningPollTrigger.node';
import { HarnessCredentialsHelper, type CredentialsInput } from '../../helpers/credentials-helper';
import { ensureEnvironment } from '../../helpers/n8n-env';
import { SEED } from '../../sandbox';

export const POLL_TYPE = 'n8n-nodes-document-signing.documentSigningPollTrigger';
export const NODE_NAME = 'Document Signing Poll Trigger';

export class PollRig {
	readonly nodeType = new DocumentSigningPollTrigger();
	readonly credentialsHelper: HarnessCredentialsHelper;
	/** What n8n's database holds. */
	saved: IDataObject = {};
	/** Every item emitted, over all polls. */
	readonly emitted: INodeExecutionData[] = [];

	constructor(
		public parameters: INodeParameters,
		credentials: CredentialsInput,
	) {
		ensureEnvironment();
		this.credentialsHelper = new HarnessCredentialsHelper(
			[new DocumentSigningApi()],
			deepCopy(credentials),
		);
	}

	get nodeState(): IDataObject {
		return (this.saved[`node:${NODE_NAME}`] as IDataObject | undefined) ?? {};
	}

	/** One scheduled poll (mode "trigger") or "Fetch Test Event" (mode "manual"). */
	async poll(mode: WorkflowExecuteMode = 'trigger'): Promise<INodeExecutionData[]> {
		const staticData = deepCopy(this.saved);
		const node: INode = {
			id: 'poll-node',
			name: NODE_NAME,
			type: POLL_TYPE,
			typeVersion: 1,
			position: [0, 0],
			parameters: deepCopy(this.parameters),
			credentials: { documentSigningApi: { id: 'rig-credential', name: 'Document Signing (rig)' } },
		};
		const nodeType = this.nodeType;
		const nodeTypes: INodeTypes = {
			getByName: (name) => {
				if (name !== POLL_TYPE) throw new ApplicationError(`Unknown node type "${name}"`);
				return nodeType;
			},
			getByNameAndVersion: (name) => {
				if (name !== POLL_TYPE) throw new ApplicationError(`Unknown node type "${name}"`);
				return nodeType;
			},
			getKnownTypes: () => ({}),
		};
		const workflow = new Workflow({
			id: 'poll-workflow',
			name: 'Polled contracts',
			nodes: [node],
			connections: {},
			active: mode !== 'manual',
			nodeTypes,
			staticData,
			settings: { executionOrder: 'v1' },
		});
		const context = new PollContext(
			workflow,
			workflow.nodes[NODE_NAME],
			this.additionalData(),
			mode,
			mode === 'manual' ? 'manual' : 'activate',
		);
		const result = await this.nodeType.poll.call(context);
		const data = workflow.staticData as IDataObject & { __dataChanged?: boolean };
		if (mode !== 'manual' && data.__dataChanged === true) {
			this.saved = JSON.parse(JSON.stringify(data)) as IDataObject;
		}
		const items = result?.[0] ?? [];
		if (mode !== 'manual') this.emitted.push(...items);
		return items;
	}

	private additionalData(): IWorkflowExecuteAdditionalData {
		return {
			credentialsHelper: this.credentialsHelper,
			executionId: `poll-execution-${Date.now()}`,
			currentNodeExecutionIndex: 0,
			restApiUrl: 'http://127.0.0.1:1/rest',
			instanceBaseUrl: 'http://127.0.0.1:1/',
			webhookBaseUrl: 'http://127.0.0.1:1/webhook',
			webhookWaitingBaseUrl: 'http://127.0.0.1:1/webhook-waiting',
			webhookTestBaseUrl: 'http://127.0.0.1:1/webhook-test',
			formWaitingBaseUrl: 'http://127.0.0.1:1/form-waiting',
			variables: {},
			userId: 'rig-user',
			workflowId: 'poll-workflow',
			getRunExecutionData: async () => undefined,
			getRuntimeCredential: async () => undefined,
			logAiEvent: () => undefined,
		} as unknown as IWorkflowExecuteAdditionalData;
	}
}

export function pollCredentials(baseUrl: string, overrides: IDataObject = {}): CredentialsInput {
	return {
		documentSigningApi: {
			baseUrl,
			keyToUse: 'live',
			liveApiKey: SEED.protectedWorkspace.liveKey,
			testApiKey: SEED.protectedWorkspace.testKey,
			apiVersion: 1,
			...overrides,
		},
	} as CredentialsInput;
}
