/**
 * The sandbox's own tests: every `*.spec.ts` under test/sandbox, each in a describe block named
 * after its path (its hooks stay inside that block). One jest file, so jest loads the sandbox once
 * instead of once per module. One module: `npx jest test/sandbox -t 'signing/lifecycle'`.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

function specModules(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true })
		.flatMap((entry) => {
			const path = join(dir, entry.name);
			if (entry.isDirectory()) return specModules(path);
			return entry.name.endsWith('.spec.ts') ? [path] : [];
		})
		.sort();
}

const specs = specModules(__dirname);

it('finds the spec modules', () => {
	expect(specs.length).toBeGreaterThanOrEqual(22);
});

for (const path of specs) {
	describe(relative(__dirname, path).replace(/\.spec\.ts$/, ''), () => {
		jest.requireActual(path);
	});
}
