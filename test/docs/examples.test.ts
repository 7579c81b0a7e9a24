import { readFileSync, readdirSync } from 'fs';
import { join } from 'path';
import type { INodeTypeDescription } from 'n8n-workflow';

import { DocumentSigning } from '../../nodes/DocumentSigning/DocumentSigning.node';
import { DocumentSigningPollTrigger } from '../../nodes/DocumentSigningPollTrigger/DocumentSigningPollTrigger.node';
import { DocumentSigningTrigger } from '../../nodes/DocumentSigningTrigger/DocumentSigningTrigger.node';
import { defaultVersion, typeNameOf } from '../helpers/n8n';

/** Every example workflow explains itself on the canvas: what it does and what to change. */

const DIR = join(__dirname, '..', '..', 'examples');
const examples = readdirSync(DIR).filter((f) => f.endsWith('.json'));

interface Node {
	name: string;
	type: string;
	typeVersion: number;
	position: [number, number];
	parameters: Record<string, unknown>;
}

describe('example workflows', () => {
	it('there are examples', () => {
		expect(examples.length).toBeGreaterThanOrEqual(4);
	});

	it.each(examples)('%s has a sticky note saying what it does and what to change', (file) => {
		const workflow = JSON.parse(readFileSync(join(DIR, file), 'utf8')) as { nodes: Node[] };
		const notes = workflow.nodes.filter((n) => n.type === 'n8n-nodes-base.stickyNote');
		expect(notes.length).toBeGreaterThanOrEqual(1);
		const content = notes.map((n) => String(n.parameters.content)).join('\n');
		expect(content).toMatch(/^## \S/m);
		expect(content).toMatch(/What to change/);
		expect(content).toMatch(/credential/);
		if (JSON.stringify(workflow).includes('REPLACE_WITH_TEMPLATE_ID')) {
			expect(content).toContain('REPLACE_WITH_TEMPLATE_ID');
		}
		// The note sits above the nodes, not on top of them.
		const [note] = notes;
		const width = Number(note.parameters.width);
		const bottom = note.position[1] + Number(note.parameters.height);
		for (const node of workflow.nodes.filter((n) => n !== note)) {
			const [x, y] = node.position;
			const under = x >= note.position[0] && x <= note.position[0] + width;
			expect(under && y < bottom).toBe(false);
		}
	});

	/**
	 * What a user gets when adding the node now: its default version (also as the AI tool n8n makes
	 * of the action node, "<type>Tool").
	 */
	const defaultVersions = new Map(
		[new DocumentSigning(), new DocumentSigningTrigger(), new DocumentSigningPollTrigger()].flatMap(
			({ description }: { description: INodeTypeDescription }) => {
				const entry = [typeNameOf(description), defaultVersion(description)] as const;
				return description.usableAsTool ? [entry, [`${entry[0]}Tool`, entry[1]] as const] : [entry];
			},
		),
	);

	it.each(examples)("%s uses the current version of this package's nodes", (file) => {
		const workflow = JSON.parse(readFileSync(join(DIR, file), 'utf8')) as { nodes: Node[] };
		const ours = workflow.nodes.filter((n) => n.type.startsWith('n8n-nodes-document-signing.'));
		expect(ours.length).toBeGreaterThan(0);
		for (const node of ours) {
			expect({ node: node.name, typeVersion: node.typeVersion }).toEqual({
				node: node.name,
				typeVersion: defaultVersions.get(node.type),
			});
		}
	});
});
