/**
 * Pre-signed file URLs: GET `/_files/:token` (no API key; outside the API pipeline, see
 * router.ts).
 *
 * - 200 with the bytes, `Content-Type` of the file and `Content-Disposition: attachment`;
 * - 403 S3-style XML `<Error><Code>AccessDenied</Code>…` once the URL expired (sandbox clock);
 * - 404 XML `NoSuchKey` for an unknown token.
 */
import type { InternalResponse, Router } from '../router';

function xmlError(code: string, message: string): Buffer {
	return Buffer.from(
		`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>\n`,
		'utf8',
	);
}

export function registerFileRoutes(router: Router): void {
	router.internal('GET', '/_files/:token', (req): InternalResponse => {
		const file = req.store.files.get(req.params.token);
		if (!file) {
			return {
				status: 404,
				raw: xmlError('NoSuchKey', 'The specified key does not exist.'),
				headers: { 'Content-Type': 'application/xml' },
			};
		}
		if (req.store.files.isExpired(file)) {
			return {
				status: 403,
				raw: xmlError('AccessDenied', 'Request has expired'),
				headers: { 'Content-Type': 'application/xml' },
			};
		}
		return {
			status: 200,
			raw: file.content,
			headers: {
				'Content-Type': file.contentType,
				'Content-Disposition': `attachment; filename="${file.fileName.replace(/"/g, '')}"`,
				'Cache-Control': 'private, max-age=0',
				'X-Expires-At': new Date(file.expiresAt).toISOString(),
			},
		};
	});
}
