/**
 * Email Templates (api-reference §3.10, E1–E9). `:email_type` is the 9-value path enum (§1.6),
 * anything else → 400. Company templates: any key of the company may list them, changes need the
 * protected key (as for the company itself). Workspace paths: 404 for an unknown workspace.
 *
 * - GET    /workspace/:workspace_id/email-templates               E1 {results, workspace_id} (the workspace's own templates)
 * - GET    /workspace/:workspace_id/email-templates/:email_type   E2 EmailTemplate; 404 when the workspace has none of that type
 * - PUT    /workspace/:workspace_id/email-templates/:email_type   E3 upsert {subject ≤500, body ≤50,000} → 201 created / 200 updated, + warnings[]
 * - DELETE /workspace/:workspace_id/email-templates/:email_type   E4 {message, email_type}; falls back to the company template, then the default
 * - GET    /company/email-templates                               E5 {results}
 * - PUT    /company/email-templates/:email_type                   E6 upsert as E3
 * - DELETE /company/email-templates/:email_type                   E7 {message, email_type}; falls back to the default
 * - GET    /email-templates/defaults/:language                    E8 {language, templates: {<type>: {subject, body}}}; 400 unknown language
 * - GET    /email-templates/placeholders                          E9 {placeholders: [{key, description}]}
 */
import { requireProtectedKey, requireWorkspace } from '../access';
import { notFound, validationError } from '../errors';
import {
	BODY_MAX,
	EMAIL_TYPES,
	type EmailTemplateRecord,
	type EmailType,
	PLACEHOLDERS,
	SUBJECT_MAX,
	builtInTemplate,
	emailTemplatesOf,
	templateJson,
	templateWarnings,
} from '../emailTemplates/store';
import type { RequestContext, RouteResult, Router } from '../router';
import { Validator, bodyString, objectBody } from '../validation';
import { LANGUAGES, isLanguage } from '../languages';

export function registerEmailTemplateRoutes(router: Router): void {
	router.get('/email-templates/placeholders', () => ({
		body: { placeholders: PLACEHOLDERS.map((p) => ({ ...p })) },
	}));
	router.get('/email-templates/defaults/:language', defaults);

	router.get('/company/email-templates', (ctx) => ({
		body: { results: [...emailTemplatesOf(ctx.state).company.values()].map(templateJson) },
	}));
	router.put('/company/email-templates/:email_type', (ctx) => {
		requireProtectedKey(
			ctx,
			'Only the protected workspace API key can change company email templates',
		);
		return upsert(ctx, emailTemplatesOf(ctx.state).company);
	});
	router.delete('/company/email-templates/:email_type', (ctx) => {
		requireProtectedKey(
			ctx,
			'Only the protected workspace API key can change company email templates',
		);
		return remove(ctx, emailTemplatesOf(ctx.state).company, 'the built-in default');
	});

	router.get('/workspace/:workspace_id/email-templates', (ctx) => {
		const ws = requireWorkspace(ctx, ctx.params.workspace_id);
		const map = emailTemplatesOf(ctx.state).workspace.get(ws.id);
		return { body: { results: [...(map?.values() ?? [])].map(templateJson), workspace_id: ws.id } };
	});
	router.get('/workspace/:workspace_id/email-templates/:email_type', (ctx) => {
		const ws = requireWorkspace(ctx, ctx.params.workspace_id);
		const type = emailType(ctx);
		const record = emailTemplatesOf(ctx.state).workspace.get(ws.id)?.get(type);
		if (!record) throw notFound('Email template');
		return { body: templateJson(record) };
	});
	router.put('/workspace/:workspace_id/email-templates/:email_type', (ctx) => {
		const ws = requireWorkspace(ctx, ctx.params.workspace_id);
		return upsert(ctx, emailTemplatesOf(ctx.state).workspaceTemplates(ws.id));
	});
	router.delete('/workspace/:workspace_id/email-templates/:email_type', (ctx) => {
		const ws = requireWorkspace(ctx, ctx.params.workspace_id);
		return remove(
			ctx,
			emailTemplatesOf(ctx.state).workspaceTemplates(ws.id),
			'the company template (or the built-in default)',
		);
	});
}

function emailType(ctx: RequestContext): EmailType {
	const type = ctx.params.email_type;
	if (!(EMAIL_TYPES as readonly string[]).includes(type)) {
		throw validationError({ email_type: `email_type must be one of: ${EMAIL_TYPES.join(', ')}` });
	}
	return type as EmailType;
}

function upsert(ctx: RequestContext, map: Map<EmailType, EmailTemplateRecord>): RouteResult {
	const v = new Validator();
	const type = (EMAIL_TYPES as readonly string[]).includes(ctx.params.email_type)
		? (ctx.params.email_type as EmailType)
		: v.fail('email_type', `email_type must be one of: ${EMAIL_TYPES.join(', ')}`);
	const body = objectBody(ctx.body);
	const subject = bodyString(v, body, 'subject', { required: true, max: SUBJECT_MAX });
	const html = body.body;
	if (html === undefined || html === null) v.fail('body', 'body is required');
	else if (typeof html !== 'string') v.fail('body', 'body must be a string');
	else if (html.trim() === '') v.fail('body', 'body must not be empty');
	else if (html.length > BODY_MAX) v.fail('body', `body must be at most ${BODY_MAX} characters`);
	v.throwIfInvalid();
	const { record, created } = emailTemplatesOf(ctx.state).upsert(
		map,
		type as EmailType,
		subject as string,
		html as string,
	);
	return {
		status: created ? 201 : 200,
		body: { ...templateJson(record), warnings: templateWarnings(record.subject, record.body) },
	};
}

function remove(
	ctx: RequestContext,
	map: Map<EmailType, EmailTemplateRecord>,
	fallback: string,
): RouteResult {
	const type = emailType(ctx);
	if (!map.delete(type)) throw notFound('Email template');
	return {
		body: {
			message: `Email template deleted; ${type} emails now use ${fallback}`,
			email_type: type,
		},
	};
}

function defaults(ctx: RequestContext): RouteResult {
	const language = ctx.params.language;
	if (!isLanguage(language)) {
		throw validationError({ language: `language must be one of: ${LANGUAGES.join(', ')}` });
	}
	const templates: Record<string, { subject: string; body: string }> = {};
	for (const type of EMAIL_TYPES) templates[type] = builtInTemplate(language, type);
	return { body: { language, templates } };
}
