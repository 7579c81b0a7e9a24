/**
 * The package's texts where n8n's editor (n8n-editor-ui 2.41.1) cuts what does not fit: a node's
 * canvas subtitle (one line, then "…") and the description of a dropdown option (two lines, then
 * "…"). The room and the font were measured in the real editor with Chromium (`npm run test:ui`
 * measures them again: test/ui/copy.ts) and are kept in editorText.json with the advance width of
 * each character in the editor's font, so that a test can tell, without a browser, whether a text
 * is read whole (test/nodes/DocumentSigning/editorText.test.ts).
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import type { INodeProperties, INodePropertyCollection, INodeTypeDescription } from 'n8n-workflow';

import { DocumentSigningApi } from '../../credentials/DocumentSigningApi.credentials';
import { DocumentSigning } from '../../nodes/DocumentSigning/DocumentSigning.node';
import { RESOURCES } from '../../nodes/DocumentSigning/actions/operations';
import { DocumentSigningPollTrigger } from '../../nodes/DocumentSigningPollTrigger/DocumentSigningPollTrigger.node';
import { DocumentSigningTrigger } from '../../nodes/DocumentSigningTrigger/DocumentSigningTrigger.node';
import { eventTypeOptions } from '../../nodes/shared/events';
import { REPO_ROOT } from '../e2e/n8n';

export interface EditorMetrics {
	measured: string;
	font: string;
	subtitle: { fontSize: number; room: { node: number; tool: number } };
	dropdownDescription: {
		fontSize: number;
		lineHeight: number;
		lines: number;
		/**
		 * The width a description wraps in: n8n caps a dropdown at 420 px (`.el-popper`) and a long
		 * description widens it that far, wherever the dropdown sits.
		 */
		room: number;
	};
	/** Advance width (px) of each character at each font size, as the editor's canvas measures it. */
	advance: Record<string, Record<string, number>>;
}

export const METRICS_FILE = join(REPO_ROOT, 'test', 'kit', 'editorText.json');
export const METRICS = JSON.parse(readFileSync(METRICS_FILE, 'utf8')) as EditorMetrics;

/**
 * The share of the room a text may take: the rest is for other systems' rendering of the same
 * font (sub-pixel positions, kerning pairs the sum of advances leaves out: under 1% here).
 */
export const USABLE = 0.96;

/**
 * A subtitle expression evaluated as n8n's editor does for a node with these parameters (the
 * expressions of this package are plain JavaScript on `$parameter`).
 */
export function evaluateSubtitle(expression: string, parameters: Record<string, unknown>): string {
	const body = /^=\{\{([\s\S]*)\}\}$/.exec(expression.trim())?.[1];
	if (body === undefined) return expression;
	return String(new Function('$parameter', `return (${body});`)(parameters));
}

export interface CanvasText {
	where: string;
	text: string;
	/** The canvas gives an action node's subtitle more room than an AI tool's (a round node). */
	room: 'node' | 'tool';
}

const action = new DocumentSigning().description;
const trigger = new DocumentSigningTrigger().description;
const pollTrigger = new DocumentSigningPollTrigger().description;

/** Every canvas subtitle the nodes can show. */
export function canvasSubtitles(): CanvasText[] {
	const texts: CanvasText[] = [];
	for (const resource of RESOURCES)
		for (const op of Object.values(resource.operations)) {
			const shown = evaluateSubtitle(action.subtitle as string, {
				resource: resource.value,
				operation: op.meta.value,
			});
			texts.push({
				where: `Document Signing: ${resource.name} → ${op.meta.name}`,
				text: shown,
				room: 'node',
			});
		}
	const tool = typeof action.usableAsTool === 'object' ? action.usableAsTool.replacements : {};
	for (const resource of RESOURCES)
		texts.push({
			where: `Document Signing Tool: ${resource.name}`,
			text: evaluateSubtitle(String(tool?.subtitle ?? action.subtitle), {
				resource: resource.value,
				operation: Object.keys(resource.operations)[0],
			}),
			room: 'tool',
		});
	for (const node of [trigger, pollTrigger])
		for (const scope of ['company', 'workspace'])
			texts.push({
				where: `${node.displayName}: scope ${scope}`,
				text: evaluateSubtitle(node.subtitle as string, { scope }),
				room: 'node',
			});
	return texts;
}

export interface DropdownText {
	where: string;
	text: string;
	/** How deep the dropdown sits in collections (0: the top of the form). */
	depth: number;
}

/** Every description of a dropdown option of the nodes (the AI tool's are the action node's). */
export function dropdownDescriptions(): DropdownText[] {
	const texts: DropdownText[] = [];
	const visit = (where: string, properties: readonly INodeProperties[], depth: number) => {
		for (const p of properties) {
			if ((p.type === 'options' || p.type === 'multiOptions') && Array.isArray(p.options))
				for (const o of p.options as Array<{ name: string; value?: unknown; description?: string }>)
					if (o.description)
						texts.push({
							where: `${where} › ${p.displayName} › ${o.name}`,
							text: p.name === 'operation' ? o.description : o.description,
							depth,
						});
			if (p.type === 'collection')
				visit(`${where} › ${p.displayName}`, p.options as INodeProperties[], depth + 1);
			if (p.type === 'fixedCollection')
				for (const group of p.options as INodePropertyCollection[])
					visit(`${where} › ${p.displayName}`, group.values, depth + 1);
			// Choices a loadOptions method gives (the webhook event pickers): the same list as the
			// trigger's events, at this depth.
			if (p.typeOptions?.loadOptionsMethod === 'getEventTypes')
				for (const o of eventTypeOptions())
					texts.push({
						where: `${where} › ${p.displayName} › ${o.name}`,
						text: String(o.description),
						depth,
					});
		}
	};
	const nodes: Array<[string, INodeTypeDescription]> = [
		['Document Signing', action],
		['Document Signing Trigger', trigger],
		['Document Signing Poll Trigger', pollTrigger],
	];
	for (const [name, description] of nodes) visit(name, description.properties, 0);
	visit('credential', new DocumentSigningApi().properties, 0);
	return texts;
}

/** The width of a text in the editor's font, from the measured advance of each character. */
export function textWidth(text: string, fontSize: number): number {
	const advance = METRICS.advance[String(fontSize)];
	let width = 0;
	for (const char of text) {
		const w = advance[char];
		if (w === undefined)
			throw new Error(
				`no measured width of "${char}" in ${METRICS_FILE}: measure it (see test/ui/copy.ts)`,
			);
		width += w;
	}
	return width;
}

/**
 * The lines a text takes in a box `room` px wide, wrapped at spaces as the browser does (the
 * browser may also break after a hyphen: this counts no fewer lines than it shows).
 */
export function lineCount(text: string, fontSize: number, room: number): number {
	const space = textWidth(' ', fontSize);
	let lines = 1;
	let used = 0;
	for (const word of text.split(' ')) {
		const w = textWidth(word, fontSize);
		if (used === 0) used = w;
		else if (used + space + w <= room) used += space + w;
		else {
			lines++;
			used = w;
		}
		// A word longer than the line breaks anywhere (overflow-wrap: break-word).
		while (used > room) {
			lines++;
			used -= room;
		}
	}
	return lines;
}

/** The room of a canvas subtitle. */
export function subtitleRoom(room: CanvasText['room']): number {
	return METRICS.subtitle.room[room];
}
