import type { IBinaryData, IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { fail } from './errors';

function megabytes(bytes: number): string {
	return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

// ---------------------------------------------------------------------------------------------
// PDF size limits, per endpoint. The service's documents give them in "MB" without saying which
// MB: the node reads MB as 1,000,000 bytes, the smaller reading, so nothing it lets through is
// over a limit under either reading.

const MB = 1_000_000;

/**
 * The size limit of one PDF-taking endpoint.
 * - `base64`: the `document` value (the PDF's base64 text) may be at most `maxBytes`
 *   (templates: service-api.md "max 20MB (base64 PDF)").
 * - `payload`: the whole JSON request body must stay under `maxBytes` (Create a signing request:
 *   "request payload must stay under 6 MB, about 4.5 MB raw", API reference S2).
 */
export interface PdfLimit {
	measure: 'base64' | 'payload';
	maxBytes: number;
}

/** Templates (create, update, replace document): at most 20 MB of base64, a PDF of at most 15 MB. */
export const TEMPLATE_PDF_LIMIT: PdfLimit = { measure: 'base64', maxBytes: 20 * MB };

/** Signing requests made from a PDF (Create, Create and Send): a request body under 6 MB. */
export const SIGNING_REQUEST_PDF_LIMIT: PdfLimit = { measure: 'payload', maxBytes: 6 * MB };

/** Length of `{"document":""}`: the least a payload holds besides the PDF's base64 text. */
const DOCUMENT_ENVELOPE = 15;

/** The largest PDF (bytes) that fits the limit: base64 turns every 3 bytes into 4 characters. */
export function largestPdf(limit: PdfLimit): number {
	const base64 =
		limit.measure === 'base64' ? limit.maxBytes : limit.maxBytes - 1 - DOCUMENT_ENVELOPE;
	return Math.floor(base64 / 4) * 3;
}

/** "4.61 MB (4,612,345 bytes)" */
export function describeSize(bytes: number): string {
	const grouped = String(bytes).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
	return `${(bytes / MB).toFixed(2)} MB (${grouped} bytes)`;
}

function roundMb(bytes: number): string {
	return `${Number((bytes / MB).toFixed(1))} MB`;
}

/** What the limit means, for messages and hints: "a PDF of at most 15 MB (…)". */
export function describeLimit(limit: PdfLimit): string {
	return limit.measure === 'base64'
		? `a PDF of at most ${roundMb(largestPdf(limit))} (the service takes at most ${roundMb(limit.maxBytes)} of base64, which is 4/3 of the PDF's size)`
		: `a request of under ${roundMb(limit.maxBytes)}, which leaves room for a PDF of about ${roundMb(largestPdf(limit))}`;
}

/**
 * The hint of an "Input Binary Field" that takes a PDF for an endpoint with this limit: the size a
 * user can go by (a too large PDF is refused before sending, with the exact numbers).
 */
export function pdfFieldHint(limit: PdfLimit): string {
	const size =
		limit.measure === 'base64'
			? `at most ${roundMb(largestPdf(limit))}`
			: `at most about ${roundMb(largestPdf(limit))}`;
	return `The name of the input binary field containing the PDF (${size})`;
}

/**
 * A signing request body with a PDF in it stays under the payload limit; checked once the whole
 * body is built, before sending. `operation` names the operation, e.g. "Create".
 */
export function checkPdfPayload(
	context: IExecuteFunctions,
	body: IDataObject,
	limit: PdfLimit,
	operation: string,
	pdfBytes: number,
): void {
	if (limit.measure !== 'payload') return;
	const size = Buffer.byteLength(JSON.stringify(body), 'utf8');
	if (size < limit.maxBytes) return;
	fail(
		context,
		`The request would be ${describeSize(size)} with the PDF of ${describeSize(pdfBytes)}; ${operation} accepts ${describeLimit(limit)}`,
		'The PDF travels base64-encoded (4/3 of its size) in the JSON request, together with the recipients, fields and options. Make the PDF smaller (for example by compressing its images) or shorten the other inputs.',
	);
}

/**
 * Reads an input item's binary property (any binary storage mode), with errors that name the
 * property and the field it was set in: empty field, no such property (listing the ones there).
 * `what` names the expected file in the hints, e.g. "the PDF".
 */
export async function readInputBinary(
	this: IExecuteFunctions,
	itemIndex: number,
	propertyName: string,
	fieldLabel: string,
	what: string,
): Promise<{ data: Buffer; binary: IBinaryData; property: string }> {
	const property = String(propertyName ?? '').trim();
	if (property === '') {
		fail(
			this,
			`"${fieldLabel}" is empty`,
			`Enter the name of the binary property that holds ${what}, usually "data".`,
		);
	}
	const item = this.getInputData()[itemIndex];
	const binary = item?.binary?.[property];
	if (!binary) {
		const available = Object.keys(item?.binary ?? {});
		fail(
			this,
			`No binary property "${property}" on item ${itemIndex} (set in "${fieldLabel}")`,
			available.length
				? `This item has these binary properties: ${available.join(', ')}.`
				: `This item has no binary data. Read ${what} first, e.g. with "Read/Write Files from Disk" or an HTTP Request node.`,
		);
	}
	const data = await this.helpers.getBinaryDataBuffer(itemIndex, property);
	return { data, binary, property };
}

/** "Its type is image/png (scan.png)." for errors about the wrong kind of file. */
export function describeBinary(binary: IBinaryData): string {
	return `Its type is ${binary.mimeType || 'unknown'}${binary.fileName ? ` (${binary.fileName})` : ''}.`;
}

/**
 * Reads a PDF from an input item's binary property (any binary storage mode) and returns it
 * base64-encoded for the API, after checking it is there, is a PDF and fits the endpoint's
 * `limit` (for a payload limit, the PDF alone; `checkPdfPayload` then checks the whole body).
 * `operation` names the operation in the size error, e.g. "Create".
 */
export async function readPdfBinary(
	this: IExecuteFunctions,
	itemIndex: number,
	propertyName: string,
	limit: PdfLimit,
	operation: string,
	fieldLabel = 'Input Binary Field',
): Promise<{ base64: string; fileName?: string; bytes: number }> {
	const { data, binary, property } = await readInputBinary.call(
		this,
		itemIndex,
		propertyName,
		fieldLabel,
		'the PDF',
	);
	if (data.length > largestPdf(limit)) {
		fail(
			this,
			`The PDF in binary property "${property}" is ${describeSize(data.length)}; ${operation} accepts ${describeLimit(limit)}`,
			`Its base64 form, which is what the service receives, is ${describeSize(Math.ceil(data.length / 3) * 4)}. Make the PDF smaller, for example by compressing its images. 1 MB = 1,000,000 bytes here.`,
		);
	}
	if (!data.subarray(0, 1024).toString('latin1').includes('%PDF-')) {
		fail(
			this,
			`The file in binary property "${property}" is not a PDF`,
			`${describeBinary(binary)} The service needs a PDF document.`,
		);
	}
	return { base64: data.toString('base64'), fileName: binary.fileName, bytes: data.length };
}

/** A safe file name from a document name: "Offer 12/3" → "Offer 12_3.pdf". */
export function fileNameFor(name: unknown, extension: string): string {
	const base = String(name ?? '')
		.replace(/[\\/:*?"<>|\p{Cc}]+/gu, '_')
		.replace(/\s+/g, ' ')
		.trim()
		.slice(0, 200);
	const clean = base === '' ? 'document' : base;
	return clean.toLowerCase().endsWith(`.${extension}`) ? clean : `${clean}.${extension}`;
}

/** An output item carrying a file, stored the way the n8n instance stores binaries. */
export async function binaryItem(
	this: IExecuteFunctions,
	json: IDataObject,
	data: Buffer,
	fileName: string,
	mimeType: string,
	property = 'data',
): Promise<INodeExecutionData> {
	return {
		json,
		binary: { [property]: await this.helpers.prepareBinaryData(data, fileName, mimeType) },
	};
}

/** Decodes a `data:<mime>;base64,…` URI (signature images, seal images). */
export function decodeDataUri(uri: unknown): { mimeType: string; data: Buffer } | undefined {
	const match = /^data:([^;,]+)?(;base64)?,(.*)$/s.exec(String(uri ?? ''));
	if (!match) return undefined;
	const mimeType = match[1] || 'application/octet-stream';
	const data = match[2]
		? Buffer.from(match[3], 'base64')
		: Buffer.from(decodeURIComponent(match[3]));
	return { mimeType, data };
}

// ---------------------------------------------------------------------------------------------
// Logo images: company and workspace logo uploads.

/** The service accepts logos up to 2 MB. */
export const MAX_LOGO_BYTES = 2 * 1024 * 1024;

function imageTypeOf(data: Buffer): { mimeType: string; extension: string } | undefined {
	if (
		data.length >= 8 &&
		data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
	) {
		return { mimeType: 'image/png', extension: 'png' };
	}
	if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) {
		return { mimeType: 'image/jpeg', extension: 'jpg' };
	}
	return undefined;
}

/**
 * Reads a logo from an input item's binary property (any binary storage mode), after checking it
 * is there, is a PNG or JPEG (by its bytes, not its name) and is at most 2 MB. Returns the file
 * part for a multipart upload (`formData: { file }`).
 */
export async function readLogoBinary(
	this: IExecuteFunctions,
	itemIndex: number,
	propertyName: string,
	fieldLabel = 'Input Binary Field',
): Promise<{ data: Buffer; fileName: string; contentType: string }> {
	const { data, binary, property } = await readInputBinary.call(
		this,
		itemIndex,
		propertyName,
		fieldLabel,
		'the logo',
	);
	if (data.length > MAX_LOGO_BYTES) {
		fail(
			this,
			`The file in binary property "${property}" is ${megabytes(data.length)}; the service accepts logos up to 2 MB`,
		);
	}
	const type = imageTypeOf(data);
	if (!type) {
		fail(
			this,
			`The file in binary property "${property}" is not a PNG or JPEG image`,
			`${describeBinary(binary)} The service accepts PNG and JPEG logos only.`,
		);
	}
	const fileName = binary.fileName || `logo.${type.extension}`;
	return { data, fileName, contentType: type.mimeType };
}
