import type { INode, INodeType, INodeTypes } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { DocumentSigning } from '../../../nodes/DocumentSigning/DocumentSigning.node';
import {
	RESOURCES,
	subtitleExpression,
	toolSubtitleExpression,
} from '../../../nodes/DocumentSigning/actions/operations';

const nodeType = new DocumentSigning() as INodeType;
const nodeTypes: INodeTypes = {
	getByName: () => nodeType,
	getByNameAndVersion: () => nodeType,
	getKnownTypes: () => ({}),
};

/** A subtitle as n8n's expression engine evaluates it for a node with these parameters. */
function evaluate(subtitle: string, parameters: INode['parameters']): unknown {
	const node: INode = {
		id: 'a',
		name: 'Document Signing',
		type: 'n8n-nodes-document-signing.documentSigning',
		typeVersion: 1,
		position: [0, 0],
		parameters,
	};
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	return workflow.expression.getSimpleParameterValue(node, subtitle, 'internal', {});
}

/** The subtitle for a node with this operation. */
function subtitleFor(operation: string): unknown {
	return evaluate(nodeType.description.subtitle as string, {
		resource: 'signingRequest',
		operation,
	});
}

/** The subtitle n8n gives the tool it makes of the node (`usableAsTool.replacements`). */
const toolSubtitle = (() => {
	const usable = nodeType.description.usableAsTool;
	return typeof usable === 'object' ? usable.replacements?.subtitle : undefined;
})();

describe('canvas subtitle', () => {
	// The node description holds the expression as a literal (n8n's lint and verification scan
	// accept nothing else): it must be exactly what the operation list produces.
	it('is the expression built from the operation list', () => {
		expect(new DocumentSigning().description.subtitle).toBe(subtitleExpression());
	});

	it("names each operation's action, or its short form, as n8n evaluates it", () => {
		const operations = RESOURCES.flatMap((r) => Object.values(r.operations));
		expect(operations.length).toBeGreaterThan(100);
		for (const op of operations)
			expect(subtitleFor(op.meta.value)).toBe(op.meta.subtitle ?? op.meta.action);
		expect(subtitleFor('createSigningRequest')).toBe('Create a draft signing request');
		expect(subtitleFor('downloadSigningRequest')).toBe('Download the signed PDF');
	});

	it('shows an operation it does not know as is', () => {
		expect(subtitleFor('someRemovedOperation')).toBe('someRemovedOperation');
	});
});

describe('canvas subtitle of the AI tool', () => {
	it('is the expression built from the resource list', () => {
		expect(toolSubtitle).toBe(toolSubtitleExpression());
	});

	it("names the tool's resource, as n8n evaluates it", () => {
		for (const resource of RESOURCES)
			expect(evaluate(toolSubtitle as string, { resource: resource.value, operation: 'x' })).toBe(
				resource.name,
			);
		expect(evaluate(toolSubtitle as string, { resource: 'signingRequest' })).toBe(
			'Signing Request',
		);
	});
});
