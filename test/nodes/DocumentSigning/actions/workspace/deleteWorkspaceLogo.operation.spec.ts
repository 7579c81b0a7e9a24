import { useSandbox } from '../company/fixtures';
import { LOGOS, itDeletesTheLogo } from '../company/logo.twins';

const ctx = useSandbox();

describe('Workspace → Delete Logo (DELETE /workspaces/{id}/logo)', () => {
	itDeletesTheLogo(ctx, LOGOS.workspace, 'removes the logo and says which workspace');
});
