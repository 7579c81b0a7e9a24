import type { INode } from 'n8n-workflow';

import { fail } from '../helpers/errors';

/**
 * Time zones: the company's default and a workspace's own are IANA names such as Europe/Berlin,
 * America/Argentina/Buenos_Aires or UTC.
 */
const TIME_ZONE = /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/;

/** A time zone name as sent (trimmed), or a refusal naming the field (`label`). */
export function checkTimeZone(
	context: { getNode(): INode },
	value: unknown,
	label: string,
): string {
	const zone = String(value).trim();
	if (!TIME_ZONE.test(zone)) {
		fail(
			context,
			`"${label}" is not a time zone name: "${zone}"`,
			'Use an IANA name such as Europe/Berlin, America/New_York or UTC.',
		);
	}
	return zone;
}
