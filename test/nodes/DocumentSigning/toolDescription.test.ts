import type {
	IExecuteFunctions,
	INode,
	INodeType,
	INodeTypeDescription,
	INodeTypes,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeHelpers, Workflow } from 'n8n-workflow';

import { DocumentSigning } from '../../../nodes/DocumentSigning/DocumentSigning.node';
import { RESOURCES } from '../../../nodes/DocumentSigning/actions/operations';
import { readSource } from '../../../nodes/DocumentSigning/actions/signingRequest/common';
import { execute as sendAndWait } from '../../../nodes/DocumentSigning/actions/signingRequest/sendAndWaitSigningRequest.operation';

/**
 * The node as an AI tool: what n8n 2.41 tells the model about it. n8n derives "Document Signing
 * Tool" from the node (`convertNodeToAiTool`: name + "Tool", output ai_tool) and adds its own
 * Tool Description only to nodes without a `toolDescription` parameter; at run time it fills in
 * the parameters' defaults (the Workflow constructor) and describes the tool with a non-empty
 * `toolDescription`, else with "<action> in <node name>" (`getToolDescriptionForNode`). These
 * tests run n8n-workflow's own code on the node and on the tool made from it the same way; the
 * e2e test (test/e2e/mcp.e2e.ts) lists the tools of a real n8n.
 */

const PACKAGE = 'n8n-nodes-document-signing';
const plain = new DocumentSigning() as INodeType;

/** The tool n8n makes of the node (the parts of `convertNodeToAiTool` that matter here). */
function toolOf(nodeType: INodeType): INodeType {
	const usable = nodeType.description.usableAsTool;
	const description: INodeTypeDescription = {
		...nodeType.description,
		...(typeof usable === 'object' ? usable.replacements : {}),
		name: `${nodeType.description.name}Tool`,
		displayName: `${nodeType.description.displayName} Tool`,
		inputs: [],
		outputs: [NodeConnectionTypes.AiTool],
	};
	delete description.usableAsTool;
	return { ...nodeType, description } as INodeType;
}
const tool = toolOf(plain);

/** A node of `nodeType` with these parameters, as n8n holds it at run time (defaults filled in). */
function resolved(nodeType: INodeType, parameters: INode['parameters']): INode {
	const node: INode = {
		id: 'a',
		name: 'Document Signing',
		type: `${PACKAGE}.${nodeType.description.name}`,
		typeVersion: 1,
		position: [0, 0],
		parameters,
	};
	const nodeTypes: INodeTypes = {
		getByName: () => nodeType,
		getByNameAndVersion: () => nodeType,
		getKnownTypes: () => ({}),
	};
	return new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes }).getNode(
		'Document Signing',
	)!;
}

/** What the model is told about the tool (n8n-workflow's own choice). */
function toldToModel(parameters: INode['parameters']): string {
	return NodeHelpers.getToolDescriptionForNode(resolved(tool, parameters), tool);
}

const operations = RESOURCES.flatMap((r) =>
	Object.values(r.operations).map((op) => ({ resource: r.value, meta: op.meta })),
);
const metaOf = (value: string) => operations.find((op) => op.meta.value === value)!.meta;

describe('the node as an AI tool: Tool Description', () => {
	it('n8n adds no Tool Description of its own: the node has a toolDescription parameter', () => {
		expect(plain.description.usableAsTool).toBeTruthy();
		expect(plain.description.properties.some((p) => p.name === 'toolDescription')).toBe(true);
	});

	it('is not a parameter of the node itself, only of the tool', () => {
		for (const { resource, meta } of operations) {
			const node = resolved(plain, { resource, operation: meta.value });
			expect(node.parameters).not.toHaveProperty('toolDescription');
			expect(resolved(tool, { resource, operation: meta.value }).parameters).toHaveProperty(
				'toolDescription',
			);
		}
	});

	it('the signing flow and the template look-ups tell the model what they do, need and return', () => {
		const flow = [
			'createAndSendSigningRequest',
			'createSigningRequest',
			'sendSigningRequest',
			'sendAndWaitForCompletion',
			'getSigningRequest',
			'listSigningRequests',
			'downloadSigningRequest',
			'cancelSigningRequest',
			'resendSigningRequest',
			'listSigningRequestUsers',
			'deleteSigningRequest',
			'listTemplates',
			'getTemplate',
			'listTemplateUsers',
			'duplicateTemplate',
		];
		for (const value of flow) expect(metaOf(value).toolDescription).toBeDefined();
		for (const { resource, meta } of operations) {
			const text = meta.toolDescription;
			if (text === undefined) continue;
			expect(toldToModel({ resource, operation: meta.value })).toBe(text);
			if (!/^(Do not use|Deprecated)/.test(text)) expect(text).toMatch(/\nNeeds/);
		}
	});

	it('an operation without its own text is described by its action, as n8n does', () => {
		const meta = metaOf('listWebhooks');
		expect(meta.toolDescription).toBeUndefined();
		expect(toldToModel({ resource: 'webhook', operation: 'listWebhooks' })).toBe(
			'Get many webhooks in Document Signing',
		);
	});

	it("the user's own text wins; an emptied field falls back to the action", () => {
		const base = { resource: 'signingRequest', operation: 'getSigningRequest' };
		expect(toldToModel({ ...base, toolDescription: 'Look up a contract' })).toBe(
			'Look up a contract',
		);
		expect(toldToModel({ ...base, toolDescription: '' })).toBe(
			'Get a signing request in Document Signing',
		);
	});

	it('what sends a document says it cannot be taken back and must not be done on a guess', () => {
		const send = metaOf('sendSigningRequest').toolDescription!;
		const createAndSend = metaOf('createAndSendSigningRequest').toolDescription!;
		for (const text of [send, createAndSend]) {
			expect(text).toMatch(/legally binding/);
			expect(text).toMatch(/cannot be taken back/);
			expect(text).toMatch(/Call it only/);
		}
		expect(createAndSend).toMatch(/never guess or make up an email address/);
		expect(createAndSend).toContain('"Create a draft signing request"');
	});

	it('the recipients example of each create text is JSON with the keys the node sends', () => {
		for (const value of ['createSigningRequest', 'createAndSendSigningRequest']) {
			const text = metaOf(value).toolDescription!;
			const entries = JSON.parse(/(\[\{.*?\}\])/.exec(text)![1]) as Array<Record<string, unknown>>;
			expect(entries).toHaveLength(1);
			expect(Object.keys(entries[0]).sort()).toEqual([
				'email',
				'first_name',
				'last_name',
				'template_user_id',
			]);
		}
	});

	it('names other tools by their actions, as n8n names them', () => {
		const actions = new Set(operations.map(({ meta }) => meta.action));
		for (const { meta } of operations) {
			const text = JSON.stringify(meta.toolDescription ?? '');
			for (const [, quoted] of text.matchAll(/\\"([A-Z][a-z]+ [^"\\]+)\\"/g)) {
				if (/^(NDA for|Accept Unfinished)/.test(quoted)) continue;
				expect({ in: meta.value, tool: quoted, known: actions.has(quoted) }).toEqual({
					in: meta.value,
					tool: quoted,
					known: true,
				});
			}
		}
	});
});

describe('Send and Wait for Completion as an AI tool', () => {
	it('is refused before anything is registered or sent', async () => {
		const context = {
			getNode: () => ({ name: 'Send and wait', type: `${PACKAGE}.documentSigningTool` }),
			getInputData: () => {
				throw new Error('read nothing');
			},
			getNodeParameter: () => {
				throw new Error('read nothing');
			},
		} as unknown as IExecuteFunctions;
		await expect(sendAndWait.call(context, 0)).rejects.toThrow(
			'Send and Wait for Completion cannot run as an AI tool',
		);
	});
});

describe('a PDF as the source of an AI tool', () => {
	/** A context of the node (or of its tool) set to Source: PDF; reading the file fails loudly. */
	const contextOf = (type: string) =>
		({
			getNode: () => ({ name: 'Create', type: `${PACKAGE}.${type}` }),
			getNodeParameter: (name: string) => {
				if (name === 'source') return 'pdf';
				if (name === 'binaryPropertyName') return 'data';
				throw new Error(`read ${name}`);
			},
			getInputData: () => [{ json: {} }],
			helpers: {
				assertBinaryData: () => {
					throw new Error('no binary data');
				},
			},
		}) as unknown as IExecuteFunctions;

	it('is refused with what to do instead (a tool call carries no file)', async () => {
		await expect(readSource(contextOf('documentSigningTool'), 0, 'Create')).rejects.toThrow(
			'Create cannot take a PDF as an AI tool',
		);
		// The node itself goes on to read the file.
		await expect(readSource(contextOf('documentSigning'), 0, 'Create')).rejects.toThrow(
			/binary|no binary data/i,
		);
	});
});
