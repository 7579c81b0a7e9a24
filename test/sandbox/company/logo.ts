/**
 * Logo uploads (api-reference C6 / W8): multipart/form-data with a `file` part, PNG or JPEG,
 * at most 2 MB. The sandbox checks the file's bytes (signature), not only its declared type.
 */
import { randomUUID } from 'node:crypto';

import { validationError } from '../errors';
import type { RequestContext } from '../router';

export const MAX_LOGO_BYTES = 2 * 1024 * 1024;

export interface UploadedFile {
	name: string;
	fileName: string;
	contentType: string;
	data: Buffer;
}

/** The parts of a multipart/form-data body (files and fields alike). */
export function parseMultipart(contentType: string, body: Buffer): UploadedFile[] {
	const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
	if (!boundary) return [];
	const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
	const parts: UploadedFile[] = [];
	let start = body.indexOf(delimiter);
	while (start !== -1) {
		const next = body.indexOf(delimiter, start + delimiter.length);
		if (next === -1) break;
		// part = CRLF headers CRLF CRLF data CRLF
		const part = body.subarray(start + delimiter.length + 2, next - 2);
		const headerEnd = part.indexOf('\r\n\r\n');
		if (headerEnd !== -1) {
			const headers = part.subarray(0, headerEnd).toString('utf8');
			const name = /name="([^"]*)"/i.exec(headers)?.[1] ?? '';
			const fileName = /filename="([^"]*)"/i.exec(headers)?.[1] ?? '';
			const type = /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim() ?? '';
			parts.push({ name, fileName, contentType: type, data: part.subarray(headerEnd + 4) });
		}
		start = next;
	}
	return parts;
}

function imageKind(data: Buffer): 'png' | 'jpeg' | undefined {
	if (
		data.length >= 8 &&
		data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
	) {
		return 'png';
	}
	if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
	return undefined;
}

/** The uploaded logo, checked; 400 VALIDATION_ERROR `details.file` otherwise. Returns its public URL. */
export function acceptLogo(ctx: RequestContext, scope: string): string {
	const contentType = ctx.headers['content-type'] ?? '';
	if (!/^multipart\/form-data/i.test(contentType)) {
		throw validationError({ file: 'Send the logo as multipart/form-data with a "file" part' });
	}
	const file = parseMultipart(contentType, ctx.rawBytes ?? Buffer.from(ctx.rawBody, 'utf8')).find(
		(p) => p.name === 'file',
	);
	if (!file || file.data.length === 0) throw validationError({ file: 'file is required' });
	if (file.data.length > MAX_LOGO_BYTES)
		throw validationError({ file: 'The logo must be at most 2 MB' });
	const kind = imageKind(file.data);
	if (!kind) throw validationError({ file: 'The logo must be a PNG or JPEG image' });
	return `https://cdn.sandbox.example/logos/${scope}/${randomUUID()}.${kind === 'png' ? 'png' : 'jpg'}`;
}
