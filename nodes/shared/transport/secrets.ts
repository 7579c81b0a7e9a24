import type { IDataObject } from 'n8n-workflow';

/** A value of the credential that must never reach an output, an error or a log. */
export interface Secret {
	value: string;
	label: string;
}

/**
 * Shorter values are not searched for: replacing every occurrence of a two-letter "key" would
 * mangle ordinary text, and real keys and secrets are far longer.
 */
export const MIN_SECRET_LENGTH = 8;

export function secretList(values: Array<[string | undefined | null, string]>): Secret[] {
	const secrets: Secret[] = [];
	for (const [value, label] of values) {
		const text = typeof value === 'string' ? value.trim() : '';
		if (text.length >= MIN_SECRET_LENGTH && !secrets.some((s) => s.value === text)) {
			secrets.push({ value: text, label });
		}
	}
	// Longest first, so a secret that contains another is replaced as a whole.
	return secrets.sort((a, b) => b.value.length - a.value.length);
}

/** What a secret is replaced with. */
export function redactionMark(label: string): string {
	return `[${label} redacted]`;
}

export function redactText(text: string, secrets: readonly Secret[]): string {
	let result = text;
	for (const { value, label } of secrets) {
		if (result.includes(value)) result = result.split(value).join(redactionMark(label));
	}
	return result;
}

/**
 * A copy of `value` with every secret replaced in every string and object key. Values without a
 * secret are handed back as they are (no copy).
 */
export function redact<T>(value: T, secrets: readonly Secret[], depth = 0): T {
	if (secrets.length === 0 || depth > 64) return value;
	if (typeof value === 'string') return redactText(value, secrets) as T;
	if (Array.isArray(value)) {
		let changed = false;
		const copy = value.map((entry) => {
			const next = redact(entry, secrets, depth + 1);
			if (next !== entry) changed = true;
			return next;
		});
		return (changed ? copy : value) as T;
	}
	if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
		let changed = false;
		const copy: IDataObject = {};
		for (const [key, entry] of Object.entries(value as IDataObject)) {
			const safeKey = redactText(key, secrets);
			const next = redact(entry, secrets, depth + 1);
			if (next !== entry || safeKey !== key) changed = true;
			copy[safeKey] = next;
		}
		return (changed ? copy : value) as T;
	}
	return value;
}
