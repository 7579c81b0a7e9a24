/**
 * Shared by the Company, Workspace, Workspace Settings and workspace Custom Field tests: the
 * Template tests' sandbox helpers, plus small PNG / JPEG logos and a reader for the multipart
 * part the node sent.
 */
import { deflateSync } from 'node:zlib';

import type { RecordedRequest } from '../../../../sandbox';
import { encodeGrayPng } from '../../../../sandbox/signing/png';

export * from '../template/fixtures';

/** A real 4×4 grey PNG. */
export function logoPng(): Buffer {
	return encodeGrayPng(4, 4, new Uint8Array(16).fill(128));
}

/** Bytes starting with the JPEG signature (the service and the node check the signature). */
export function logoJpeg(): Buffer {
	return Buffer.concat([
		Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
		deflateSync(Buffer.from('jpeg body')),
		Buffer.from([0xff, 0xd9]),
	]);
}

/** The headers of the one file part of a multipart request, and its size as sent. */
export function multipartFile(request: RecordedRequest): {
	headers: string;
	boundary: string;
	bytes: number;
} {
	const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(
		request.headers['content-type'] ?? '',
	)?.[1];
	if (!boundary) throw new Error(`not multipart: ${request.headers['content-type']}`);
	const raw = request.rawBody;
	const start = raw.indexOf(`--${boundary}\r\n`);
	const headerEnd = raw.indexOf('\r\n\r\n', start);
	const headers = raw.slice(start + boundary.length + 4, headerEnd);
	const overhead =
		Buffer.byteLength(raw.slice(0, headerEnd + 4)) + Buffer.byteLength(`\r\n--${boundary}--\r\n`);
	return { headers, boundary, bytes: Number(request.headers['content-length']) - overhead };
}
