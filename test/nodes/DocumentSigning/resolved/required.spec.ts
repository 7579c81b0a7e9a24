/**
 * Every required parameter of every operation is checked after expressions resolve (issue 19 §1):
 * n8n refuses a required parameter left empty, but only as typed; one that an expression turns
 * into undefined, null, empty text or only spaces is refused by the node before any request,
 * naming the item, the entry (for a list's values) and the field. The table is derived from the
 * operations' descriptions, so a new required parameter is covered without being listed here.
 *
 * Each row runs one workflow on n8n-core with Continue On Fail and four items for which the
 * parameter's expression, `={{ $json.v }}`, resolves to each empty value in turn: every item must
 * come out as its own error item, paired with it, and nothing may reach the sandbox. Every other
 * required parameter the row shows holds an expression that resolves to a value, so n8n's own
 * start check passes and the parameter under test is the only one empty.
 */
import type { INodeProperties, INodePropertyCollection } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { RESOURCES } from '../../../../nodes/DocumentSigning/actions/operations';
import { MISSING_UUID, useSandbox } from '../../../kit';
import { EMPTY_ITEMS, EMPTY_ITEM_WORDS, emptyMessage, runFull } from './fixtures';

const ctx = useSandbox();

const EXPRESSION = '={{ $json.v }}';
const NODE = { typeVersion: 1 };

interface Row {
	resource: string;
	operation: string;
	/** Where the parameter is, e.g. "templateId" or "recipients.recipient[0].email". */
	path: string;
	place?: string;
	field: string;
	parameters: Record<string, unknown>;
}

/** A value that resolves to something for a required parameter of this type. */
function resolvesToValue(property: INodeProperties, expression: string): unknown {
	if (property.type === 'resourceLocator') return { __rl: true, mode: 'id', value: expression };
	return expression;
}
const someValue = (property: INodeProperties) =>
	resolvesToValue(
		property,
		property.type === 'resourceLocator'
			? `={{ "${MISSING_UUID}" }}`
			: property.type === 'multiOptions'
				? '={{ ["x"] }}'
				: property.type === 'number'
					? '={{ 1 }}'
					: '={{ "x" }}',
	);

const checkable = (property: INodeProperties) =>
	property.required === true &&
	!['boolean', 'notice', 'collection', 'fixedCollection'].includes(property.type);

/** The values that show a parameter (the first of each `show` condition). */
function showing(property: INodeProperties): Record<string, unknown> {
	const show = property.displayOptions?.show ?? {};
	return Object.fromEntries(Object.entries(show).map(([key, values]) => [key, values?.[0]]));
}

/** Sets every required parameter shown with `values` (but `except`) to a value that resolves. */
function fillRequired(
	properties: readonly INodeProperties[],
	values: Record<string, unknown>,
	except: string,
): Record<string, unknown> {
	const out = { ...values };
	// What decides what is shown, as n8n sees it: the defaults n8n fills in, then what is set.
	const defaults = Object.fromEntries(
		properties.map((property) => [property.name, property.default]),
	);
	for (const property of properties) {
		if (property.name === except || !checkable(property) || property.name in out) continue;
		if (NodeHelpers.displayParameter({ ...defaults, ...out } as never, property, NODE, null)) {
			out[property.name] = someValue(property);
		}
	}
	return out;
}

function rows(): Row[] {
	const out: Row[] = [];
	for (const resource of RESOURCES) {
		for (const [operation, op] of Object.entries(resource.operations)) {
			const top = op.description;
			for (const property of top) {
				if (checkable(property)) {
					const shown = showing(property);
					out.push({
						resource: resource.value,
						operation,
						path: property.name,
						field: property.displayName,
						parameters: fillRequired(
							top,
							{ ...shown, [property.name]: resolvesToValue(property, EXPRESSION) },
							property.name,
						),
					});
				}
				if (property.type !== 'fixedCollection') continue;
				for (const option of (property.options ?? []) as INodePropertyCollection[]) {
					for (const value of option.values.filter(checkable)) {
						const entry = fillRequired(
							option.values,
							{ ...showing(value), [value.name]: resolvesToValue(value, EXPRESSION) },
							value.name,
						);
						out.push({
							resource: resource.value,
							operation,
							path: `${property.name}.${option.name}[0].${value.name}`,
							place: `${option.displayName} 1`,
							field: value.displayName,
							parameters: fillRequired(
								top,
								{ ...showing(property), [property.name]: { [option.name]: [entry] } },
								property.name,
							),
						});
					}
				}
			}
		}
	}
	return out;
}

const ROWS = rows();

it('covers the required parameters of every operation that has some, lists included', () => {
	const operations = new Set(ROWS.map((row) => `${row.resource}/${row.operation}`));
	expect(operations.size).toBeGreaterThan(90);
	for (const expected of [
		'signingRequest/sendAndWaitForCompletion signingRequestId',
		'signingRequest/createAndSendSigningRequest name',
		'signingRequest/createAndSendSigningRequest recipients.recipient[0].email',
		'signingRequest/createDocumentLegacy legacyRecipients.recipient[0].email',
		'signingRequest/resendSigningRequest recipientIds',
		'template/patchTemplate userEmail',
		'organizationSeal/createOrganizationSeal typedText',
		'company/updateCompany accountOwnerEmail',
	]) {
		expect(ROWS.map((row) => `${row.resource}/${row.operation} ${row.path}`)).toContain(expected);
	}
});

it("a picker in URL mode whose expression comes out empty gets the same refusal, not n8n's URL error", async () => {
	const { error } = await runFull(ctx, 'template', 'getTemplate', {
		templateId: { __rl: true, mode: 'url', value: '={{ $json.url }}' },
	});
	expect(error?.message).toBe(emptyMessage(undefined, 'Template', 'undefined'));
	expect(ctx.sandbox.requests).toEqual([]);
});

describe.each(ROWS)('$resource → $operation: $path', (row) => {
	it('is refused for each item whose expression resolves to empty, with nothing sent', async () => {
		const { output, error } = await runFull(ctx, row.resource, row.operation, row.parameters, {
			input: EMPTY_ITEMS,
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(output[0]).toEqual(
			EMPTY_ITEM_WORDS.map((resolved, item) => ({
				json: {
					error: emptyMessage(row.place, row.field, resolved, item),
					error_description: expect.stringMatching(/^Nothing was sent/),
				},
				pairedItem: { item },
			})),
		);
		expect(ctx.sandbox.requests).toEqual([]);
	});
});
