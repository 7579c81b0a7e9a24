/** The sandbox's list order (pagination.ts): newest first, also within one millisecond. */
import { sortBy } from './pagination';

interface Row {
	name: string;
	created: number;
}
const rows: Row[] = [
	{ name: 'Alpha', created: 1000 },
	{ name: 'Bravo', created: 1000 }, // created just after Alpha, in the same millisecond
	{ name: 'Charlie', created: 2000 },
];
const byCreation = (order: 'asc' | 'desc') =>
	sortBy(
		rows,
		(r) => r.created,
		order,
		(r) => String(r.created).padStart(15, '0'),
	).map((r) => r.name);

describe('sortBy', () => {
	it('lists records created in the same millisecond in the order they were created', () => {
		expect(byCreation('desc')).toEqual(['Charlie', 'Bravo', 'Alpha']);
		expect(byCreation('asc')).toEqual(['Alpha', 'Bravo', 'Charlie']);
	});

	it('breaks ties of the sort key by creation time, in the same direction', () => {
		const sameName = [
			{ name: 'Same', created: 3000 },
			{ name: 'Same', created: 1000 },
			{ name: 'Other', created: 2000 },
		];
		const sorted = (order: 'asc' | 'desc') =>
			sortBy(
				sameName,
				(r) => r.name,
				order,
				(r) => String(r.created).padStart(15, '0'),
			).map((r) => `${r.name} ${r.created}`);
		expect(sorted('asc')).toEqual(['Other 2000', 'Same 1000', 'Same 3000']);
		expect(sorted('desc')).toEqual(['Same 3000', 'Same 1000', 'Other 2000']);
	});
});
