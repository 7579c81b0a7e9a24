/**
 * n8n-workflow runs the regexes of parameter checks and display conditions (a picker's "By ID"
 * pattern, `displayOptions` with `_cnd.regex`) in a node:vm with a 250 ms wall-clock timeout. On a
 * busy machine the process can wait longer than that for a core while checking a 256-character
 * name, and the run then fails with "Regular expression execution timed out" instead of the node's
 * answer. The patterns are the node's own, so both harnesses run them natively (same results, no
 * timeout). Importing this module installs the engine.
 */
import { setSafeRegexEngine } from 'n8n-workflow';
import type { RegexEngine } from 'n8n-workflow';

const nativeRegexEngine: RegexEngine = {
	exec: (pattern, input, flags) => new RegExp(pattern, flags).exec(input),
	test: (pattern, input, flags) => new RegExp(pattern, flags).test(input),
	replace: (pattern, input, flags, replacement) =>
		input.replace(new RegExp(pattern, flags), replacement),
	matchAll: (pattern, input, flags) =>
		Array.from(
			input.matchAll(new RegExp(pattern, flags?.includes('g') ? flags : `${flags ?? ''}g`)),
		),
	split: (pattern, input, flags) => input.split(new RegExp(pattern, flags)),
};
setSafeRegexEngine(nativeRegexEngine);
