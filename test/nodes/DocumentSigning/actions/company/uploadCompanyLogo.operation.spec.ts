import { useSandbox } from './fixtures';
import { LOGOS, itUploadsTheLogo } from './logo.twins';

const ctx = useSandbox();

describe('Company → Upload Logo (POST /company/logo)', () => {
	itUploadsTheLogo(ctx, LOGOS.company);
});
