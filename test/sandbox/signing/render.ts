/**
 * The signed (or partial) PDF of a signing request: one page per page of the original document.
 *
 * The sandbox does not merge the original page content; each page carries:
 * - the request name and "Page i of n";
 * - "PARTIAL DOCUMENT - <status>" on partial downloads (request not finished);
 * - the value of every filled field on that page, at the field's position;
 * - on the last page, one line per signer/approver: "Signed by <name> <email> at <ISO time>",
 *   "Declined by …", or "Awaiting signature: …", and "Completed at …" once finished;
 * - for test-mode requests, the "TEST - NOT LEGALLY BINDING" watermark (diagonal, and a header line).
 */
import { type SigningRequestRecord, type SigningStore, fullName, isSignerLike } from './models';
import { LETTER, buildPdf, type PdfPageSpec, type PdfText } from './pdf';
import { sortedParticipants } from './serialize';

export const TEST_WATERMARK = 'TEST - NOT LEGALLY BINDING';

export function renderSigningRequestPdf(
	store: SigningStore,
	sr: SigningRequestRecord,
	opts: { partial: boolean },
): Buffer {
	const { width: W, height: H } = LETTER;
	const iso = (ms: number) => new Date(ms).toISOString();
	const status = store.statusOf(sr);
	const pages: PdfPageSpec[] = [];
	for (let i = 1; i <= sr.pageCount; i++) {
		const texts: PdfText[] = [{ x: 54, y: H - 60, text: sr.name, size: 16, bold: true }];
		let y = H - 80;
		if (opts.partial) {
			texts.push({
				x: 54,
				y,
				text: `PARTIAL DOCUMENT - status: ${status} - not all signers have finished`,
				size: 10,
				bold: true,
			});
			y -= 14;
		}
		if (sr.test_mode) {
			texts.push({ x: 54, y, text: TEST_WATERMARK, size: 10, bold: true, gray: 0.3 });
			texts.push({
				x: 110,
				y: 220,
				text: TEST_WATERMARK,
				size: 40,
				bold: true,
				gray: 0.82,
				angle: 45,
			});
		}
		for (const f of sr.fields.filter((field) => field.page_number === i)) {
			const signer = f.recipient_id
				? sr.recipients.find((r) => r.id === f.recipient_id)
				: undefined;
			let text: string | null = null;
			if (f.type === 'file') text = f.file ? `[file: ${f.file.file_name}]` : null;
			else if (f.value !== null) {
				if (f.type === 'signature' || f.type === 'approval_signature')
					text = `/s/ ${signer ? fullName(signer) : f.value}`;
				else if (f.type === 'checkbox' || f.type === 'approval_checkmark')
					text = f.value === 'true' ? '[X]' : '[ ]';
				else text = f.value;
			} else if (f.read_only && f.read_only_value) text = f.read_only_value;
			if (text === null) continue;
			const fx = (f.x / 100) * W;
			const fy = H - ((f.y + f.height) / 100) * H;
			texts.push({ x: fx + 2, y: fy + 4, text: text.slice(0, 120), size: 10 });
		}
		if (i === sr.pageCount) {
			let by = 170;
			texts.push({ x: 54, y: by, text: 'Signatures', size: 11, bold: true });
			for (const p of sortedParticipants(sr).filter(isSignerLike)) {
				by -= 14;
				let line: string;
				if (p.finished_on !== null)
					line = `Signed by ${fullName(p)} ${p.email} at ${iso(p.finished_on)}`;
				else if (p.declined_on !== null)
					line = `Declined by ${fullName(p)} ${p.email} at ${iso(p.declined_on)}`;
				else line = `Awaiting signature: ${fullName(p)} ${p.email}`;
				texts.push({ x: 54, y: by, text: line, size: 9 });
			}
			if (sr.finished_on !== null)
				texts.push({ x: 54, y: by - 16, text: `Completed at ${iso(sr.finished_on)}`, size: 9 });
		}
		texts.push({
			x: 54,
			y: 30,
			text: `Page ${i} of ${sr.pageCount} - signing request ${sr.id}`,
			size: 8,
			gray: 0.4,
		});
		pages.push({ texts });
	}
	return buildPdf(pages, {
		title: sr.name,
		subject: opts.partial ? 'Partial document' : 'Signed document',
	});
}
