import type { INode, INodeType, INodeTypes } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { DocumentSigning } from '../../../nodes/DocumentSigning/DocumentSigning.node';
import { RESOURCES, subtitleExpression } from '../../../nodes/DocumentSigning/actions/operations';

const nodeType = new DocumentSigning() as INodeType;
const nodeTypes: INodeTypes = {
	getByName: () => nodeType,
	getByNameAndVersion: () => nodeType,
	getKnownTypes: () => ({}),
};

/** The subtitle as n8n's expression engine evaluates it for a node with this operation. */
function subtitleFor(operation: string): unknown {
	const node: INode = {
		id: 'a',
		name: 'Document Signing',
		type: 'n8n-nodes-document-signing.documentSigning',
		typeVersion: 1,
		position: [0, 0],
		parameters: { resource: 'signingRequest', operation },
	};
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	return workflow.expression.getSimpleParameterValue(
		node,
		nodeType.description.subtitle as string,
		'internal',
		{},
	);
}

describe('canvas subtitle', () => {
	// The node description holds the expression as a literal (n8n's lint and verification scan
	// accept nothing else): it must be exactly what the operation list produces.
	it('is the expression built from the operation list', () => {
		expect(new DocumentSigning().description.subtitle).toBe(subtitleExpression());
	});

	it("names each operation's action, as n8n evaluates it", () => {
		const operations = RESOURCES.flatMap((r) => Object.values(r.operations));
		expect(operations.length).toBeGreaterThan(100);
		for (const op of operations) expect(subtitleFor(op.meta.value)).toBe(op.meta.action);
		expect(subtitleFor('createSigningRequest')).toBe('Create a draft signing request');
	});

	it('shows an operation it does not know as is', () => {
		expect(subtitleFor('someRemovedOperation')).toBe('someRemovedOperation');
	});
});
