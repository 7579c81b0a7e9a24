/**
 * The sandbox's languages (written from the spec) against the node's: a missing, extra or misspelt
 * code in either list fails here.
 */
import { LANGUAGE_CODES } from '../../nodes/DocumentSigning/domain/languages';
import { LANGUAGES } from './languages';

describe('languages: sandbox (spec) and node agree', () => {
	it('the sandbox knows the 15 languages of the spec, each once', () => {
		expect(LANGUAGES).toHaveLength(15);
		expect(new Set(LANGUAGES).size).toBe(15);
	});

	it('the node offers exactly those languages', () => {
		expect([...LANGUAGE_CODES].sort()).toEqual([...LANGUAGES].sort());
	});
});
