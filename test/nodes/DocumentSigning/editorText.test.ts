import {
	METRICS,
	USABLE,
	canvasSubtitles,
	dropdownDescriptions,
	lineCount,
	subtitleRoom,
	textWidth,
} from '../../kit/editorText';

/**
 * Every canvas subtitle and every description of a dropdown option is read whole at the width
 * n8n 2.41.1's editor gives it (issue 36 §7: "Download the signed PDF of …" on the canvas, option
 * descriptions cut after two lines). The room and the font's widths were measured in the real
 * editor (test/kit/editorText.json; `npm run test:ui` measures them again).
 */
const { subtitle, dropdownDescription } = METRICS;

describe('canvas subtitles', () => {
	const texts = canvasSubtitles();

	it('are every operation, the AI tool of each resource and both triggers', () => {
		expect(texts.filter((t) => t.room === 'node').length).toBeGreaterThan(117);
		expect(texts.filter((t) => t.room === 'tool').length).toBe(12);
		expect(texts.map((t) => t.text)).toEqual(
			expect.arrayContaining([
				'Download the signed PDF',
				'Create a draft signing request',
				'Signing Request',
				'Company-wide events',
				'Polls one workspace',
			]),
		);
	});

	it.each(texts.map((t) => [t.where, t.text, t] as const))(
		'%s: "%s" fits on one line',
		(_where, text, { room }) => {
			const width = Math.round(textWidth(text, subtitle.fontSize));
			const limit = Math.floor(subtitleRoom(room) * USABLE);
			expect({ text, width, fits: width <= limit }).toEqual({ text, width, fits: true });
		},
	);
});

describe('descriptions of dropdown options', () => {
	const texts = dropdownDescriptions();

	it('are the options of every dropdown, nested ones and loaded event lists included', () => {
		expect(texts.length).toBeGreaterThan(300);
		expect(texts.some((t) => t.depth === 1 && t.where.includes('Test Deliveries'))).toBe(true);
		expect(
			texts.some((t) => t.depth === 1 && t.where.includes('Update Fields › Event Names')),
		).toBe(true);
		expect(texts.some((t) => t.where.startsWith('credential › Key to Use'))).toBe(true);
	});

	it.each(texts.map((t) => [t.where, t.text, t] as const))(
		'%s: "%s" takes at most two lines',
		(_where, text, { depth }) => {
			const lines = lineCount(
				text,
				dropdownDescription.fontSize,
				dropdownDescription.room * USABLE,
			);
			const fits = lines <= dropdownDescription.lines;
			expect({ text, depth, lines, fits }).toEqual({ text, depth, lines, fits: true });
		},
	);
});

describe('the measure', () => {
	// Widths and line counts Chromium gave for these texts in the editor's font (13 px, 12 px).
	it.each([
		['Download the signed PDF of a signing request', 284.2],
		['Get many signing requests', 163.8],
		['Company-wide events', 137.9],
	])('"%s" is %d px at the subtitle size, as in Chromium', (text, px) => {
		expect(textWidth(text, subtitle.fontSize)).toBeCloseTo(px, -0.5);
	});

	it.each([
		[
			'Create a signing request from a template or a PDF and send it to its recipients in one step: the usual way to get a document signed. To check or change it before it goes out, use Create, then Send. With the live key this uses credits.',
			4,
		],
		['Receives the completed copy; cannot have fields', 1],
		[
			'Copy it, unchanged, into a draft signing request. Use it when the template already names the right people.',
			2,
		],
		[
			'Step 1 of the setup: add a sending domain. The output holds the TXT record to publish (verification_instructions) before Verify Ownership.',
			3,
		],
	])('"%s" takes %d lines in the Operation dropdown, as in Chromium', (text, lines) => {
		expect(lineCount(text, dropdownDescription.fontSize, dropdownDescription.room)).toBe(lines);
	});
});
