/**
 * The one rule for "is this download the signed document" and the PDF's file name
 * (nodes/shared/document.ts), used by Download, both triggers' Attach Signed PDF and Send and
 * Wait. Their own tests check that each applies it; this file checks the rule itself against the
 * documented download answer (SigningRequestDownloadResponse) and recipient (SigningRequestUser).
 */
import {
	DOCUMENT_STATES,
	documentFileName,
	listOf,
	looksLikePdf,
	notAttachedReason,
	readDownload,
	recipientProgress,
	UnreadableDownloadError,
	unfinishedState,
} from '../../../nodes/shared/document';

const answer = (status: string, isPartial: boolean) => ({
	status,
	is_partial: isPartial,
	download_url: 'https://files.example.com/doc.pdf?sig=1',
	generated_at: null,
	expires_at: '2026-01-01T01:00:00Z',
});

describe('readDownload: only a finished, non-partial document is final', () => {
	it('finished and not partial is the signed document', () => {
		expect(readDownload(answer('finished', false))).toEqual({
			status: 'finished',
			isPartial: false,
			url: 'https://files.example.com/doc.pdf?sig=1',
			final: true,
		});
	});

	it.each([
		['finished', true],
		['in_progress', true],
		['in_progress', false],
		['declined', true],
		['cancelled', true],
		['expired', false],
	])('status %s with is_partial %s is not final', (status, isPartial) => {
		expect(readDownload(answer(status, isPartial))).toMatchObject({ status, final: false });
	});

	it('the documented states are the five of the download answer', () => {
		expect([...DOCUMENT_STATES].sort()).toEqual(
			['cancelled', 'declined', 'expired', 'finished', 'in_progress'].sort(),
		);
	});

	it.each([
		[{ is_partial: false, download_url: 'https://x/y.pdf' }, /"status" is missing/],
		[{ status: 'completed', is_partial: false, download_url: 'https://x/y.pdf' }, /"status"/],
		[{ status: 'finished', download_url: 'https://x/y.pdf' }, /"is_partial" is missing/],
		[{ status: 'finished', is_partial: 'false', download_url: 'https://x/y.pdf' }, /is_partial/],
		[{ status: 'finished', is_partial: false }, /"download_url" is missing, not a link/],
		[{ status: 'finished', is_partial: false, download_url: 'ftp://x' }, /download_url/],
		['not an object', /"status" is missing/],
	])('an answer it cannot read is an error, never a final document (%j)', (body, problem) => {
		expect(() => readDownload(body)).toThrow(UnreadableDownloadError);
		expect(() => readDownload(body)).toThrow(problem);
	});
});

describe('documentFileName', () => {
	it('makes a safe name from the request name, or its id', () => {
		expect(documentFileName('NDA: Acme/2026', 'sr1')).toBe('NDA Acme 2026.pdf');
		expect(documentFileName('Lease 12/B: Flat "A"', 'sr1')).toBe('Lease 12 B Flat A.pdf');
		expect(documentFileName('Signed.pdf', 'sr1')).toBe('Signed.pdf');
		expect(documentFileName('Report.PDF', 'sr1')).toBe('Report.pdf');
		expect(documentFileName('Tab\there\u0085…', 'sr1')).toBe('Tab here ….pdf');
		expect(documentFileName('Ends with dots...', 'sr1')).toBe('Ends with dots.pdf');
		expect(documentFileName(undefined, 'sr1')).toBe('signing-request-sr1.pdf');
		expect(documentFileName('  /// ', 'sr1')).toBe('signing-request-sr1.pdf');
		expect(documentFileName('x'.repeat(300), 'sr1')).toBe(`${'x'.repeat(150)}.pdf`);
	});

	it('a final document keeps the plain name', () => {
		expect(documentFileName('NDA for Grace', 'sr1', readDownload(answer('finished', false)))).toBe(
			'NDA for Grace.pdf',
		);
	});

	it.each([
		['in_progress', true, 'NDA for Grace (partial - in progress).pdf'],
		['declined', true, 'NDA for Grace (partial - declined).pdf'],
		['cancelled', true, 'NDA for Grace (partial - cancelled).pdf'],
		['expired', true, 'NDA for Grace (partial - expired).pdf'],
		['finished', true, 'NDA for Grace (partial).pdf'],
	])('an unfinished one says so: %s', (status, isPartial, expected) => {
		expect(documentFileName('NDA for Grace', 'sr1', readDownload(answer(status, isPartial)))).toBe(
			expected,
		);
	});

	it('the suffix stays a valid file name and comes before the extension', () => {
		const name = documentFileName(
			`${'y'.repeat(200)}.pdf`,
			'sr1',
			readDownload(answer('in_progress', true)),
		);
		expect(name).toBe(`${'y'.repeat(150)} (partial - in progress).pdf`);
		expect(name).not.toMatch(/[\\/:*?"<>|\p{Cc}]/u);
	});
});

describe('recipientProgress (GET /signing-requests/{id}/users)', () => {
	const user = (extra: Record<string, unknown>) => ({
		id: 'u',
		email: 'x@example.com',
		first_name: 'X',
		designation: 'Signer',
		order: 1,
		finished_on: null,
		declined_on: null,
		decline_reason: null,
		...extra,
	});

	it('lists Signers and Approvers who have not finished, in signing order; not CCs', () => {
		const progress = recipientProgress({
			results: [
				user({ name: 'Zed Last', email: 'zed@example.com', designation: 'Approver', order: 3 }),
				user({ name: 'Ada Done', email: 'ada@example.com', finished_on: '2026-01-01T00:00:00Z' }),
				user({ name: 'Carol Copy', email: 'carol@example.com', designation: 'CC' }),
				user({ name: 'Bob Byron', email: 'bob@example.com', order: 2 }),
				user({ name: undefined, first_name: 'Dee', last_name: 'Named', email: 'dee@example.com' }),
			],
		});
		expect(progress.pending).toEqual([
			'Dee Named (dee@example.com)',
			'Bob Byron (bob@example.com)',
			'Zed Last (zed@example.com, Approver)',
		]);
		expect(progress.declined).toEqual([]);
	});

	it('names who declined and why', () => {
		const progress = recipientProgress({
			results: [
				user({
					name: 'Bob Byron',
					email: 'bob@example.com',
					declined_on: '2026-01-01T00:00:00Z',
					decline_reason: 'Wrong address',
				}),
				user({ name: 'Eve', email: 'eve@example.com', declined_on: '2026-01-01T00:00:00Z' }),
			],
		});
		expect(progress.declined).toEqual([
			'Bob Byron (bob@example.com): "Wrong address"',
			'Eve (eve@example.com): no reason given',
		]);
		expect(progress.pending).toEqual([]);
	});

	it('an answer without results names nobody', () => {
		expect(recipientProgress({})).toEqual({ pending: [], declined: [] });
		expect(recipientProgress(null)).toEqual({ pending: [], declined: [] });
	});
});

describe('wording', () => {
	it('lists names readably, with a limit', () => {
		expect(listOf([])).toBe('');
		expect(listOf(['A'])).toBe('A');
		expect(listOf(['A', 'B'])).toBe('A and B');
		expect(listOf(['A', 'B', 'C'])).toBe('A, B and C');
		expect(listOf(['A', 'B', 'C', 'D'], 2)).toBe('A, B and 2 more');
	});

	it('says the state in words', () => {
		expect(unfinishedState({ status: 'in_progress' })).toBe('is still in progress');
		expect(unfinishedState({ status: 'declined' })).toBe('was declined');
		expect(unfinishedState({ status: 'cancelled' })).toBe('was cancelled');
		expect(unfinishedState({ status: 'expired' })).toBe('expired before everyone signed');
		expect(notAttachedReason({ status: 'in_progress', isPartial: true })).toBe(
			'The signed PDF was not attached: the signing request is still in progress; the service offers only a partial, watermarked copy (download status "in_progress", is_partial true)',
		);
	});

	it('recognises a PDF by its header', () => {
		expect(looksLikePdf(Buffer.from('%PDF-1.7\n'))).toBe(true);
		expect(looksLikePdf(Buffer.from('<html>Sign in</html>'))).toBe(false);
	});
});
