import type {
	INodeProperties,
	INodePropertyMode,
	INodePropertyRegexValidation,
} from 'n8n-workflow';
import { safeRegex } from 'n8n-workflow';

import { DocumentSigning } from '../../../nodes/DocumentSigning/DocumentSigning.node';
import { isUuid } from '../../../nodes/DocumentSigning/domain/ids';

const ID = '123e4567-E89B-42d3-a456-426614174000';

/** Every resource locator of the node, at any depth. */
function locators(properties: INodeProperties[]): INodeProperties[] {
	return properties.flatMap((p) => {
		const nested = (p.options ?? []).flatMap((o) =>
			'values' in o ? locators(o.values) : 'type' in o ? locators([o as INodeProperties]) : [],
		);
		return p.type === 'resourceLocator' ? [p, ...nested] : nested;
	});
}

const mode = (locator: INodeProperties, name: string) =>
	locator.modes!.find((m) => m.name === name) as INodePropertyMode;

/** The regex of a mode's validation, as the editor checks it. */
const validates = (m: INodePropertyMode, value: string) =>
	(m.validation ?? []).every((rule) =>
		typeof rule === 'object' && rule.type === 'regex'
			? new RegExp((rule as INodePropertyRegexValidation).properties.regex).test(value)
			: true,
	);

describe('resource locators', () => {
	const all = locators(new DocumentSigning().description.properties);

	it('are there', () => {
		expect(all.length).toBeGreaterThanOrEqual(11);
	});

	it.each(all.map((l) => [l.name, l] as const))(
		'%s: the URL mode takes exactly the ID out of a URL (one group, as n8n-core requires)',
		(_name, locator) => {
			const url = mode(locator, 'url');
			if (!url) return;
			const link = `https://app.example.com/things/${ID}/edit`;
			expect(validates(url, link)).toBe(true);
			expect(validates(url, 'https://app.example.com/things/123e4567-e89b-42d3-a456')).toBe(false);
			const extract = url.extractValue as { regex: string };
			const match = safeRegex.exec(extract.regex, link);
			expect(match).toHaveLength(2);
			expect(match?.[1]).toBe(ID);
		},
	);

	it.each(all.map((l) => [l.name, l] as const))(
		'%s: the ID mode takes a UUID (spaces around allowed) and refuses anything else',
		(_name, locator) => {
			const id = mode(locator, 'id');
			expect(validates(id, ID)).toBe(true);
			expect(validates(id, ` ${ID} `)).toBe(true);
			expect(validates(id, `${ID}0`)).toBe(false);
			expect(validates(id, '123e4567-e89b-42d3-a456-42661417400g')).toBe(false);
			expect(validates(id, '123e4567e89b-42d3-a456-426614174000')).toBe(false);
			expect(validates(id, '123e4567-e89b-42d3-a456-4266-14174000')).toBe(false);
		},
	);
});

describe('isUuid', () => {
	it('takes UUIDs in either case and nothing else', () => {
		expect(isUuid(ID)).toBe(true);
		expect(isUuid(ID.toLowerCase())).toBe(true);
		expect(isUuid(`${ID} `)).toBe(false);
		expect(isUuid('123e4567-e89b-42d3-a456-4266141740')).toBe(false);
		expect(isUuid('123e4567-e89b-42d3-a456a-426614174000')).toBe(false);
		expect(isUuid(undefined)).toBe(false);
	});
});
