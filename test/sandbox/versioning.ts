/**
 * API versioning through the `X-API-Version` request header (service-api.md "Versioning").
 *
 * - absent                                  → the current version applies
 * - not a positive integer ("abc", "0", "-1", "1.5", "") → 400 INVALID_VERSION
 * - a number with no entry in `versions`    → 400 UNSUPPORTED_VERSION
 * - a sunset version                        → 410 VERSION_SUNSET
 * - a deprecated version                    → processed; responses add Deprecation, Sunset, X-Deprecated-Message
 *
 * The response header `X-API-Version` carries the version applied. When the header could not be
 * used (INVALID_VERSION, UNSUPPORTED_VERSION) it carries the current version; for
 * VERSION_SUNSET it carries the requested (sunset) version.
 */
import { ApiError } from './errors';
import type { VersionInfo } from './types';

export interface VersionResolution {
	version: number;
	/** Headers for every response to this request (X-API-Version, deprecation headers). */
	headers: Record<string, string>;
	/** Set when the request must be refused. */
	error?: ApiError;
}

function httpDate(isoOrDate: string): string {
	const ms = Date.parse(isoOrDate);
	return Number.isNaN(ms) ? isoOrDate : new Date(ms).toUTCString();
}

export function resolveVersion(
	header: string | undefined,
	versions: Record<number, VersionInfo>,
	currentVersion: number,
): VersionResolution {
	const fallback = { 'X-API-Version': String(currentVersion) };
	if (header === undefined) {
		return withStatus(currentVersion, versions[currentVersion]);
	}
	const raw = header.trim();
	if (!/^\d+$/.test(raw) || Number(raw) < 1 || !Number.isSafeInteger(Number(raw))) {
		return {
			version: currentVersion,
			headers: fallback,
			error: new ApiError(400, {
				error: 'Invalid API version',
				code: 'INVALID_VERSION',
				message: `X-API-Version must be a positive integer, got "${header}"`,
				details: { 'X-API-Version': 'must be a positive integer' },
			}),
		};
	}
	const requested = Number(raw);
	const info = versions[requested];
	if (!info) {
		const supported = Object.keys(versions)
			.filter((v) => versions[Number(v)].status !== 'sunset')
			.join(', ');
		return {
			version: currentVersion,
			headers: fallback,
			error: new ApiError(400, {
				error: 'Unsupported API version',
				code: 'UNSUPPORTED_VERSION',
				message: `API version ${requested} is not supported. Supported versions: ${supported}`,
				details: { 'X-API-Version': `supported versions: ${supported}` },
			}),
		};
	}
	return withStatus(requested, info);
}

function withStatus(version: number, info: VersionInfo | undefined): VersionResolution {
	const headers: Record<string, string> = { 'X-API-Version': String(version) };
	if (info?.status === 'sunset') {
		return {
			version,
			headers,
			error: new ApiError(410, {
				error: 'API version sunset',
				code: 'VERSION_SUNSET',
				message:
					info.message ??
					`API version ${version} has been retired${info.sunsetAt ? ` since ${info.sunsetAt}` : ''}`,
			}),
		};
	}
	if (info?.status === 'deprecated') {
		headers['Deprecation'] = info.deprecatedAt ? httpDate(info.deprecatedAt) : 'true';
		if (info.sunsetAt) headers['Sunset'] = httpDate(info.sunsetAt);
		headers['X-Deprecated-Message'] =
			info.message ??
			`API version ${version} is deprecated${info.sunsetAt ? ` and will be removed on ${info.sunsetAt}` : ''}`;
	}
	return { version, headers };
}
