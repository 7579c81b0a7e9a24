/**
 * A minimal PDF writer and reader for the sandbox.
 *
 * - `buildPdf(pages)` writes a valid PDF 1.4 file: catalog, page tree, one page object and one
 *   uncompressed content stream per page, the standard Helvetica fonts, an info dictionary and a
 *   classic cross-reference table with exact byte offsets. Text is limited to printable ASCII
 *   (other characters become '?'), so the text can be found in the raw bytes by tests.
 * - `countPdfPages(bytes)` counts `/Type /Page` objects (never `/Type /Pages`).
 * - `pdfPageSizes(bytes)` reads each page's size (points) from its MediaBox, in page-tree order.
 * - `inspectPdf(bytes)` checks the structure (header, startxref → xref table, every xref offset
 *   points at its `N 0 obj`, trailer, %%EOF) — used by tests to prove a download is a real PDF.
 * - `decodePdfDocument(raw, maxBase64)` decodes a base64 document from a request body.
 */

export const LETTER = { width: 612, height: 792 } as const;

export interface PdfText {
	x: number;
	y: number;
	text: string;
	/** Font size in points, default 12. */
	size?: number;
	bold?: boolean;
	/** 0 (black) … 1 (white). Default 0. */
	gray?: number;
	/** Rotation in degrees, counter-clockwise. */
	angle?: number;
}

export interface PdfRect {
	x: number;
	y: number;
	width: number;
	height: number;
	/** Stroke gray level, default 0.5. */
	gray?: number;
}

export interface PdfPageSpec {
	width?: number;
	height?: number;
	texts?: PdfText[];
	rects?: PdfRect[];
}

export interface PdfInfo {
	title?: string;
	author?: string;
	subject?: string;
}

/** Printable ASCII only, with PDF string escapes. */
export function pdfString(text: string): string {
	const ascii = text.replace(/[^\x20-\x7e]/g, '?');
	return `(${ascii.replace(/\\/g, '\\\\').replace(/\(/g, '\\(').replace(/\)/g, '\\)')})`;
}

function fmt(n: number): string {
	return Number.isInteger(n) ? String(n) : n.toFixed(3).replace(/0+$/, '').replace(/\.$/, '');
}

function pageContent(page: PdfPageSpec): string {
	const ops: string[] = [];
	for (const r of page.rects ?? []) {
		ops.push(
			`q ${fmt(r.gray ?? 0.5)} G 0.8 w ${fmt(r.x)} ${fmt(r.y)} ${fmt(r.width)} ${fmt(r.height)} re S Q`,
		);
	}
	for (const t of page.texts ?? []) {
		const size = t.size ?? 12;
		const rad = ((t.angle ?? 0) * Math.PI) / 180;
		const cos = Math.cos(rad);
		const sin = Math.sin(rad);
		ops.push(
			[
				'q',
				`${fmt(t.gray ?? 0)} g`,
				'BT',
				`/${t.bold ? 'F2' : 'F1'} ${fmt(size)} Tf`,
				`${fmt(cos)} ${fmt(sin)} ${fmt(-sin)} ${fmt(cos)} ${fmt(t.x)} ${fmt(t.y)} Tm`,
				`${pdfString(t.text)} Tj`,
				'ET',
				'Q',
			].join(' '),
		);
	}
	return `${ops.join('\n')}\n`;
}

/** Writes a complete PDF (Buffer). At least one page is always written. */
export function buildPdf(pages: PdfPageSpec[], info: PdfInfo = {}): Buffer {
	const specs = pages.length > 0 ? pages : [{}];
	const objects: string[] = [];
	const add = (body: string): number => {
		objects.push(body);
		return objects.length;
	};
	// Fixed object numbers: 1 catalog, 2 page tree, 3/4 fonts, 5 info; pages follow.
	add('<< /Type /Catalog /Pages 2 0 R >>');
	add(''); // page tree, filled in below
	add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
	add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
	const infoEntries = [
		info.title !== undefined ? `/Title ${pdfString(info.title)}` : '',
		info.author !== undefined ? `/Author ${pdfString(info.author)}` : '',
		info.subject !== undefined ? `/Subject ${pdfString(info.subject)}` : '',
		`/Producer ${pdfString('Document signing sandbox')}`,
	].filter(Boolean);
	add(`<< ${infoEntries.join(' ')} >>`);

	const kids: number[] = [];
	for (const page of specs) {
		const width = page.width ?? LETTER.width;
		const height = page.height ?? LETTER.height;
		const content = pageContent(page);
		const contentNo = add(
			`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}endstream`,
		);
		const pageNo = add(
			`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${fmt(width)} ${fmt(height)}] ` +
				`/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${contentNo} 0 R >>`,
		);
		kids.push(pageNo);
	}
	objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;

	let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
	const offsets: number[] = [];
	objects.forEach((body, i) => {
		offsets.push(out.length);
		out += `${i + 1} 0 obj\n${body}\nendobj\n`;
	});
	const xrefAt = out.length;
	out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
	for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
	out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
	return Buffer.from(out, 'latin1');
}

/** A PDF of `pageCount` pages, each with a heading and "Page i of n". */
export function simplePdf(title: string, pageCount = 1, lines: string[] = []): Buffer {
	const pages: PdfPageSpec[] = [];
	for (let i = 1; i <= pageCount; i++) {
		pages.push({
			texts: [
				{ x: 72, y: 720, text: title, size: 18, bold: true },
				...lines.map((line, j) => ({ x: 72, y: 690 - j * 16, text: line, size: 11 })),
				{ x: 72, y: 40, text: `Page ${i} of ${pageCount}`, size: 9, gray: 0.4 },
			],
		});
	}
	return buildPdf(pages, { title });
}

export function isPdf(bytes: Buffer): boolean {
	return bytes.subarray(0, 5).toString('latin1') === '%PDF-';
}

/** Number of page objects: `/Type /Page` not followed by a letter (so `/Pages` is not counted). */
export function countPdfPages(bytes: Buffer): number {
	const text = bytes.toString('latin1');
	return (text.match(/\/Type\s*\/Page(?![A-Za-z0-9])/g) ?? []).length;
}

export interface PdfPageSize {
	width: number;
	height: number;
}

const NUMBER = '[-+]?(?:\\d+\\.?\\d*|\\.\\d+)';
const MEDIA_BOX_RE = new RegExp(
	`/MediaBox\\s*\\[\\s*(${NUMBER})\\s+(${NUMBER})\\s+(${NUMBER})\\s+(${NUMBER})\\s*\\]`,
);

/**
 * The size of every page in points (MediaBox width × height; /Rotate 90 or 270 swaps them), in
 * page-tree order. A MediaBox may be inherited from a parent page tree node. Only uncompressed
 * objects are read (as `buildPdf` writes them); pages whose size cannot be read give null, and a
 * file without a readable page tree gives its page objects in file order.
 */
export function pdfPageSizes(bytes: Buffer): Array<PdfPageSize | null> {
	const text = bytes.toString('latin1');
	const objects = new Map<number, string>();
	const objRe = /(\d+)\s+\d+\s+obj\b([\s\S]*?)\bendobj\b/g;
	let m: RegExpExecArray | null;
	while ((m = objRe.exec(text))) objects.set(Number(m[1]), m[2]);
	// Only the dictionary part (a content stream could contain anything).
	const dict = (no: number | undefined): string | undefined =>
		objects.get(no ?? -1)?.split(/\bstream\b/)[0];
	const ref = (body: string, key: string): number | undefined => {
		const r = new RegExp(`/${key}\\s+(\\d+)\\s+\\d+\\s+R`).exec(body);
		return r ? Number(r[1]) : undefined;
	};
	const isPage = (body: string) => /\/Type\s*\/Page(?![A-Za-z0-9])/.test(body);
	const inherited = (body: string, key: RegExp, depth = 0): RegExpExecArray | null => {
		const own = key.exec(body);
		if (own || depth > 32) return own;
		const parent = dict(ref(body, 'Parent'));
		return parent === undefined ? null : inherited(parent, key, depth + 1);
	};
	const sizeOf = (body: string): PdfPageSize | null => {
		const box = inherited(body, MEDIA_BOX_RE);
		if (!box) return null;
		const [x1, y1, x2, y2] = box.slice(1, 5).map(Number);
		const rotate = inherited(body, /\/Rotate\s+(-?\d+)/);
		const quarter = rotate ? ((Number(rotate[1]) % 360) + 360) % 180 === 90 : false;
		const width = Math.abs(x2 - x1);
		const height = Math.abs(y2 - y1);
		return quarter ? { width: height, height: width } : { width, height };
	};

	// Page-tree order: trailer /Root → catalog /Pages → /Kids, depth first.
	const pages: string[] = [];
	const seen = new Set<number>();
	const walk = (no: number | undefined, depth: number): boolean => {
		const body = dict(no);
		if (body === undefined || depth > 32 || seen.has(no as number)) return false;
		seen.add(no as number);
		if (isPage(body)) {
			pages.push(body);
			return true;
		}
		const kids = /\/Kids\s*\[([^\]]*)\]/.exec(body);
		if (!kids) return false;
		const refs = [...kids[1].matchAll(/(\d+)\s+\d+\s+R/g)].map((k) => Number(k[1]));
		return refs.every((kid) => walk(kid, depth + 1));
	};
	const trailers = [...text.matchAll(/trailer\s*<<([\s\S]*?)>>\s*startxref/g)];
	const root = trailers.length ? ref(trailers[trailers.length - 1][1], 'Root') : undefined;
	const catalog = dict(root);
	const treeOk = catalog !== undefined && walk(ref(catalog, 'Pages'), 0) && pages.length > 0;
	const list = treeOk
		? pages
		: [...objects.keys()]
				.sort((a, b) => a - b)
				.map((no) => dict(no) as string)
				.filter(isPage);
	return list.map(sizeOf);
}

export interface PdfInspection {
	ok: boolean;
	errors: string[];
	pageCount: number;
	objectCount: number;
}

/** Structural check of a PDF written with a classic xref table (as `buildPdf` writes). */
export function inspectPdf(bytes: Buffer): PdfInspection {
	const errors: string[] = [];
	const text = bytes.toString('latin1');
	if (!text.startsWith('%PDF-')) errors.push('missing %PDF- header');
	if (!/%%EOF\s*$/.test(text)) errors.push('missing %%EOF at the end');
	const start = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text);
	let objectCount = 0;
	if (!start) {
		errors.push('missing startxref');
	} else {
		const xrefAt = Number(start[1]);
		if (text.slice(xrefAt, xrefAt + 4) !== 'xref') {
			errors.push(`startxref ${xrefAt} does not point at an xref table`);
		} else {
			const header = /^xref\s+(\d+)\s+(\d+)\s+/.exec(text.slice(xrefAt));
			if (!header) {
				errors.push('bad xref subsection header');
			} else {
				const first = Number(header[1]);
				const count = Number(header[2]);
				objectCount = count - 1;
				const entriesAt = xrefAt + header[0].length;
				for (let i = 0; i < count; i++) {
					const entry = text.slice(entriesAt + i * 20, entriesAt + (i + 1) * 20);
					const m = /^(\d{10}) (\d{5}) ([nf])(?: \n|\r\n| \r)$/.exec(entry);
					if (!m) {
						errors.push(`bad xref entry ${first + i}`);
						break;
					}
					if (m[3] === 'n') {
						const offset = Number(m[1]);
						const expected = `${first + i} ${Number(m[2])} obj`;
						if (text.slice(offset, offset + expected.length) !== expected) {
							errors.push(
								`xref entry ${first + i} points at offset ${offset}, not at "${expected}"`,
							);
						}
					}
				}
				if (!/trailer\s*<<[\s\S]*\/Root\s+\d+\s+0\s+R[\s\S]*>>/.test(text.slice(xrefAt))) {
					errors.push('trailer without /Root');
				}
			}
		}
	}
	const pageCount = countPdfPages(bytes);
	if (pageCount === 0) errors.push('no pages');
	return { ok: errors.length === 0, errors, pageCount, objectCount };
}

/** Strings drawn with Tj, in order (unescaped); for tests and debugging. */
export function pdfTextStrings(bytes: Buffer): string[] {
	const text = bytes.toString('latin1');
	const out: string[] = [];
	const re = /\(((?:\\.|[^\\)])*)\)\s*Tj/g;
	let m: RegExpExecArray | null;
	while ((m = re.exec(text))) out.push(m[1].replace(/\\(.)/g, '$1'));
	return out;
}

/**
 * A `document` value (base64 text) may be at most 20 MB (service-api.md: "max 20MB (base64 PDF)";
 * MB read as 1,000,000), i.e. a PDF of at most 15,000,000 bytes.
 */
export const MAX_DOCUMENT_BASE64 = 20_000_000;

/**
 * POST /signing-requests (and create-and-send): the request payload must stay under 6 MB
 * (api-reference S2: "about 4.5 MB raw").
 */
export const MAX_CREATE_PAYLOAD_BYTES = 6_000_000;

export type DecodedDocument =
	| { ok: true; bytes: Buffer; pageCount: number }
	| { ok: false; error: string };

/**
 * A base64 PDF from a request body (a `data:application/pdf;base64,` prefix is accepted).
 * Fails when the text is not base64, is longer than `maxBase64` characters, the bytes are not a
 * PDF (no `%PDF-` header), or have no page object.
 */
export function decodePdfDocument(raw: unknown, maxBase64 = MAX_DOCUMENT_BASE64): DecodedDocument {
	if (typeof raw !== 'string' || raw.trim() === '')
		return { ok: false, error: 'must be a non-empty base64 string' };
	let text = raw.trim();
	const dataUri = /^data:[^;,]*;base64,/i.exec(text);
	if (dataUri) text = text.slice(dataUri[0].length);
	text = text.replace(/\s+/g, '');
	if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(text) || text.length % 4 === 1) {
		return { ok: false, error: 'must be base64-encoded' };
	}
	if (text.length > maxBase64) {
		return {
			ok: false,
			error: `must be at most ${maxBase64 / 1_000_000} MB as base64 (got ${text.length} characters)`,
		};
	}
	const bytes = Buffer.from(text, 'base64');
	if (!isPdf(bytes))
		return {
			ok: false,
			error: 'must be a PDF document (decoded content does not start with %PDF-)',
		};
	const pageCount = countPdfPages(bytes);
	if (pageCount < 1) return { ok: false, error: 'is not a valid PDF: no page found' };
	return { ok: true, bytes, pageCount };
}

/**
 * A valid PDF (`simplePdf(title, pages)`) of exactly `size` bytes: padded after `%%EOF` with a
 * comment line. For the size-limit tests.
 */
export function pdfOfSize(size: number, title = 'Sized', pages = 1): Buffer {
	const pdf = simplePdf(title, pages);
	if (size < pdf.length + 2)
		throw new Error(`pdfOfSize: ${size} bytes is less than the PDF itself`);
	const pad = Buffer.alloc(size - pdf.length, 0x20);
	pad[0] = 0x25; // '%'
	pad[pad.length - 1] = 0x0a;
	return Buffer.concat([pdf, pad]);
}
