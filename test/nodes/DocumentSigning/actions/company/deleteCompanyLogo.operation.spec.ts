import { useSandbox } from './fixtures';
import { LOGOS, itDeletesTheLogo } from './logo.twins';

const ctx = useSandbox();

describe('Company → Delete Logo (DELETE /company/logo)', () => {
	itDeletesTheLogo(ctx, LOGOS.company, 'removes the logo');
});
