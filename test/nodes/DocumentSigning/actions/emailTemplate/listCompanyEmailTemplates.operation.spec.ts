import { SALES, clearTemplates, runTemplateOp, storeTemplate, useSandbox } from './fixtures';
import { OWNERS, itListsTheTemplates } from './emailTemplates.twins';

const ctx = useSandbox();
const run = (opts?: Parameters<typeof runTemplateOp>[3]) =>
	runTemplateOp(ctx.sandbox, 'listCompanyEmailTemplates', {}, opts);
beforeEach(() => clearTemplates(ctx.sandbox));

describe('Email Template → listCompanyEmailTemplates (GET /company/email-templates)', () => {
	itListsTheTemplates(
		ctx,
		OWNERS.company,
		'outputs one item per company template (workspace templates are not listed)',
	);

	it('can be read with a workspace key, marked test with a test key', async () => {
		storeTemplate(ctx.sandbox, null, 'signing_invite');
		const { output, error } = await run({ key: SALES.liveKey });
		expect(error).toBeUndefined();
		expect(output[0]).toHaveLength(1);
		ctx.sandbox.clearRequests();
		const test = await run({ keyToUse: 'test' });
		expect(test.output[0][0].json.key_mode).toBe('test');
	});
});
