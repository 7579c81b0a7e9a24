import { useSandbox } from './fixtures';
import { SETTINGS, itReadsTheSettings } from './settings.twins';

const ctx = useSandbox();

describe('Company → Get Settings (GET /company/settings)', () => {
	itReadsTheSettings(ctx, SETTINGS.company, 'outputs the settings, marked live', {
		seed: { color_primary: '#112233' },
		output: { default_expiration_hours: 168, color_primary: '#112233', default_timezone: 'UTC' },
	});
});
