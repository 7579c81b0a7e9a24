/**
 * Pre-signed file URLs: `${sandbox.url}/_files/<random token>`.
 *
 * Every document_url, download_url and signer file url of the sandbox is issued here. The URL
 * needs no API key (like a real pre-signed storage URL) and stops working at `expiresAt`
 * (sandbox clock): then GET answers 403 with an S3-like `AccessDenied` XML body.
 * An unknown token answers 404 `NoSuchKey`.
 */
import { randomBytes } from 'node:crypto';

export interface StoredFile {
	token: string;
	content: Buffer;
	contentType: string;
	fileName: string;
	createdAt: number;
	expiresAt: number;
}

export interface IssuedUrl {
	url: string;
	token: string;
	expiresAt: number;
}

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

export class FileStore {
	private readonly files = new Map<string, StoredFile>();

	constructor(
		private readonly now: () => number,
		private readonly baseUrl: () => string,
	) {}

	issue(
		content: Buffer,
		opts: { contentType: string; fileName: string; ttlMs: number },
	): IssuedUrl {
		const token = randomBytes(18).toString('base64url');
		const createdAt = this.now();
		const expiresAt = createdAt + opts.ttlMs;
		this.files.set(token, {
			token,
			content,
			contentType: opts.contentType,
			fileName: opts.fileName,
			createdAt,
			expiresAt,
		});
		return { url: `${this.baseUrl()}/_files/${token}`, token, expiresAt };
	}

	get(token: string): StoredFile | undefined {
		return this.files.get(token);
	}

	/** The token of a sandbox file URL (any host), or undefined. */
	static tokenOf(url: string): string | undefined {
		const m = /\/_files\/([A-Za-z0-9_-]+)(?:[?#].*)?$/.exec(url);
		return m ? m[1] : undefined;
	}

	/** The file behind a URL issued here, or undefined (unknown token; expiry is not checked). */
	resolve(url: string): StoredFile | undefined {
		const token = FileStore.tokenOf(url);
		return token ? this.files.get(token) : undefined;
	}

	isExpired(file: StoredFile): boolean {
		return this.now() >= file.expiresAt;
	}
}
