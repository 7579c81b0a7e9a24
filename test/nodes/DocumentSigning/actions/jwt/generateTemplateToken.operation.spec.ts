import { SALES, byId, run, templateId, useSandbox } from './fixtures';
import {
	TOKENS,
	itBuildsTheEmbedSnippet,
	itChecksTheInput,
	itDeclaresTheTokenSensitive,
	itGeneratesAToken,
} from './tokens.twins';

const ctx = useSandbox();

describe('JWT → Generate Template Token (POST /generate-template-token)', () => {
	itGeneratesAToken(
		ctx,
		TOKENS.template,
		'sends the template ID and normalises {token, jwt_record_id} into {jwt, jwt_id, template_id}',
	);

	itBuildsTheEmbedSnippet(ctx, TOKENS.template);

	itChecksTheInput(ctx, TOKENS.template);

	itDeclaresTheTokenSensitive(ctx, TOKENS.template);

	it('a template of another workspace is a 404 (no token)', async () => {
		const other = await templateId(ctx.sandbox, SALES.liveKey);
		const { error } = await run(ctx, 'generateTemplateToken', { templateId: byId(other) });
		expect(error?.message).toMatch(/^Not found: .* not found \[NOT_FOUND\]$/);
		expect(ctx.sandbox.requests).toHaveLength(1);
	});
});
