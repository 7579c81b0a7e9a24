/**
 * Email templates of the sandbox (api-reference §3.10): per-workspace overrides and company
 * templates (the workspaces' defaults), per email type; built-in defaults per language; the
 * placeholder list. One store per sandbox instance (`emailTemplatesOf(state)`).
 *
 * Effective template of a workspace for a type: its own, else the company's, else the built-in
 * default in the company language (`effective()`); deleting one falls back along that chain.
 */
import { randomUUID } from 'node:crypto';

import type { SandboxState } from '../state';

export const EMAIL_TYPES = [
	'signing_invite',
	'next_signer',
	'resend_notification',
	'signing_expired',
	'signing_cancelled',
	'signing_declined',
	'signing_declined_admin',
	'signing_completed',
	'signer_identity_changed',
] as const;
export type EmailType = (typeof EMAIL_TYPES)[number];

export const SUBJECT_MAX = 500;
export const BODY_MAX = 50_000;

export const PLACEHOLDERS: ReadonlyArray<{ key: string; description: string }> = [
	{
		key: '{{signing_link}}',
		description: 'Link the recipient opens to sign (required in invitations)',
	},
	{ key: '{{recipient_name}}', description: 'Full name of the recipient' },
	{ key: '{{recipient_first_name}}', description: 'First name of the recipient' },
	{ key: '{{recipient_email}}', description: 'Email address of the recipient' },
	{ key: '{{sender_name}}', description: 'Name of the sender' },
	{ key: '{{document_name}}', description: 'Name of the signing request' },
	{ key: '{{company_name}}', description: 'Name of the company' },
	{ key: '{{workspace_name}}', description: 'Name of the workspace' },
	{ key: '{{expiration_date}}', description: 'When the signing request expires' },
	{ key: '{{decline_reason}}', description: 'Reason given by a recipient who declined' },
	{ key: '{{message}}', description: 'Custom message of the sender' },
];

const GREETING: Record<string, string> = {
	en: 'Hello',
	es: 'Hola',
	it: 'Ciao',
	pt: 'Olá',
	fr: 'Bonjour',
	de: 'Hallo',
	el: 'Γεια σας',
	ru: 'Здравствуйте',
	pl: 'Dzień dobry',
	cs: 'Dobrý den',
	sv: 'Hej',
	nl: 'Hallo',
	ro: 'Bună ziua',
	nb: 'Hei',
	ca: 'Hola',
};

const SUBJECT: Record<EmailType, string> = {
	signing_invite: 'Please sign: {{document_name}}',
	next_signer: 'Your turn to sign: {{document_name}}',
	resend_notification: 'Reminder: please sign {{document_name}}',
	signing_expired: 'Signing request expired: {{document_name}}',
	signing_cancelled: 'Signing request cancelled: {{document_name}}',
	signing_declined: 'You declined: {{document_name}}',
	signing_declined_admin: '{{recipient_name}} declined {{document_name}}',
	signing_completed: 'Completed: {{document_name}}',
	signer_identity_changed: 'Signer details changed: {{document_name}}',
};

const NEEDS_LINK: readonly EmailType[] = ['signing_invite', 'next_signer', 'resend_notification'];

/** The built-in default of one type in one language. */
export function builtInTemplate(
	language: string,
	type: EmailType,
): { subject: string; body: string } {
	const link = NEEDS_LINK.includes(type)
		? '<p><a href="{{signing_link}}">{{signing_link}}</a></p>'
		: '';
	return {
		subject: language === 'en' ? SUBJECT[type] : `[${language}] ${SUBJECT[type]}`,
		body: `<html lang="${language}"><body><p>${GREETING[language] ?? GREETING.en} {{recipient_first_name}},</p><p>${SUBJECT[type]}</p>${link}</body></html>`,
	};
}

export interface EmailTemplateRecord {
	id: string;
	email_type: EmailType;
	subject: string;
	body: string;
	created_at: string;
	updated_at: string;
}

export class EmailTemplateStore {
	/** Workspace id → type → template. */
	readonly workspace = new Map<string, Map<EmailType, EmailTemplateRecord>>();
	readonly company = new Map<EmailType, EmailTemplateRecord>();

	constructor(private readonly state: SandboxState) {}

	workspaceTemplates(workspaceId: string): Map<EmailType, EmailTemplateRecord> {
		let map = this.workspace.get(workspaceId);
		if (!map) {
			map = new Map();
			this.workspace.set(workspaceId, map);
		}
		return map;
	}

	/** Creates or replaces; `created` tells which. */
	upsert(
		map: Map<EmailType, EmailTemplateRecord>,
		type: EmailType,
		subject: string,
		body: string,
	): { record: EmailTemplateRecord; created: boolean } {
		const now = this.state.nowIso();
		const existing = map.get(type);
		if (existing) {
			existing.subject = subject;
			existing.body = body;
			existing.updated_at = now;
			return { record: existing, created: false };
		}
		const record: EmailTemplateRecord = {
			id: randomUUID(),
			email_type: type,
			subject,
			body,
			created_at: now,
			updated_at: now,
		};
		map.set(type, record);
		return { record, created: true };
	}

	/** What a workspace sends for a type: its own, the company's, or the built-in default. */
	effective(
		workspaceId: string,
		type: EmailType,
	): { subject: string; body: string; source: 'workspace' | 'company' | 'default' } {
		const own = this.workspace.get(workspaceId)?.get(type);
		if (own) return { subject: own.subject, body: own.body, source: 'workspace' };
		const company = this.company.get(type);
		if (company) return { subject: company.subject, body: company.body, source: 'company' };
		return { ...builtInTemplate(this.state.company.language, type), source: 'default' };
	}
}

export function templateJson(r: EmailTemplateRecord): Record<string, unknown> {
	return {
		id: r.id,
		email_type: r.email_type,
		subject: r.subject,
		body: r.body,
		created_at: r.created_at,
		updated_at: r.updated_at,
	};
}

/** Warnings of an upsert: no signing link; placeholders the service does not know. */
export function templateWarnings(subject: string, body: string): string[] {
	const warnings: string[] = [];
	if (!body.includes('{{signing_link}}')) {
		warnings.push(
			'The body does not contain {{signing_link}}: recipients will have no link to the document',
		);
	}
	const known = new Set(PLACEHOLDERS.map((p) => p.key));
	const used = new Set(
		[...`${subject}\n${body}`.matchAll(/\{\{\s*[^{}]+?\s*\}\}/g)].map((m) =>
			m[0].replace(/\s+/g, ''),
		),
	);
	for (const key of used)
		if (!known.has(key)) warnings.push(`Unknown placeholder ${key} is sent as written`);
	return warnings;
}

const stores = new WeakMap<SandboxState, EmailTemplateStore>();

export function emailTemplatesOf(state: SandboxState): EmailTemplateStore {
	let store = stores.get(state);
	if (!store) {
		store = new EmailTemplateStore(state);
		stores.set(state, store);
	}
	return store;
}
