import { rawBodyOf } from '../../../nodes/shared/signature';

const request = (rawBody: unknown) => ({ getRequestObject: () => ({ rawBody }) });

describe('rawBodyOf (the bytes the signature is computed over)', () => {
	it('hands over the bytes n8n kept, or the text as UTF-8', () => {
		const bytes = Buffer.from('{"id":"évt"}', 'utf8');
		expect(rawBodyOf(request(bytes))).toBe(bytes);
		expect(rawBodyOf(request('{"id":"évt"}'))?.equals(bytes)).toBe(true);
	});

	it('is undefined when n8n kept nothing (never re-serialised JSON)', () => {
		expect(rawBodyOf(request(undefined))).toBeUndefined();
		expect(rawBodyOf(request({ id: 'evt' }))).toBeUndefined();
	});
});
