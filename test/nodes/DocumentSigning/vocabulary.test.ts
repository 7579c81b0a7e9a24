import type { INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';

import { RESOURCES } from '../../../nodes/DocumentSigning/actions/operations';
import type { SettingOwner } from '../../../nodes/DocumentSigning/domain/settings';
import { SETTINGS, settingKeysOf, settingOf } from '../../../nodes/DocumentSigning/domain/settings';
import { DocumentSigningPollTrigger } from '../../../nodes/DocumentSigningPollTrigger/DocumentSigningPollTrigger.node';
import { DocumentSigningTrigger } from '../../../nodes/DocumentSigningTrigger/DocumentSigningTrigger.node';

/**
 * One vocabulary: a parameter named after an API key has one label in every operation's form, and
 * a setting the label of the catalogue (domain/settings.ts). Each owner's form offers exactly the
 * settings the service accepts there.
 */

interface Place {
	/** "resource.operation › Collection › …" */
	where: string;
	property: INodeProperties;
}

/** Every parameter of every operation's form, nested ones included. */
function everyParameter(): Place[] {
	const places: Place[] = [];
	const visit = (properties: readonly INodeProperties[], where: string) => {
		for (const property of properties) {
			places.push({ where, property });
			if (property.type === 'collection' && Array.isArray(property.options)) {
				visit(property.options as INodeProperties[], `${where} › ${property.displayName}`);
			}
			if (property.type === 'fixedCollection' && Array.isArray(property.options)) {
				for (const group of property.options as INodePropertyCollection[]) {
					visit(group.values, `${where} › ${property.displayName} › ${group.displayName}`);
				}
			}
		}
	};
	for (const resource of RESOURCES) {
		for (const op of Object.values(resource.operations)) {
			visit(op.description, `${resource.value}.${op.meta.value}`);
		}
	}
	return places;
}

const PLACES = everyParameter();

/** An API key (snake_case, or one lower-case word), not an n8n parameter name (camelCase). */
const isApiKey = (name: string) => /^[a-z][a-z0-9_]*$/.test(name);

/**
 * API keys whose label says which of several things it is, on purpose. Nothing else may have two
 * labels.
 */
const LABELLED_BY_PLACE: Record<string, string> = {
	id: 'the ID of an entry of a list: Field ID, Reminder ID',
	name: 'Template → Create Draft Signing Request names the signing request it makes',
	options: "n8n's Options / Additional Options collections, and a dropdown field's options",
	x: 'points from the left in Create and Send (B.2), a percentage of the page elsewhere',
	y: 'points from the top in Create and Send (B.2), a percentage of the page elsewhere',
	width: 'points in Create and Send (B.2), a percentage of the page elsewhere',
	height: 'points in Create and Send (B.2), a percentage of the page elsewhere',
	recipient_id:
		'a Reference ID (temp_…) may be typed where the recipient is new; a picker elsewhere',
	recipients: 'template recipients are "users" in the API and in the template forms',
	ref: 'a new recipient\'s temp_… "Reference ID" (Create from a PDF); the "Recipient" or "User" to change, a picker (Update)',
	user_id:
		'the user to remove (a picker) and the user a reminder goes to (an ID or temp_ reference)',
};

describe('one vocabulary: the same API name has the same label everywhere', () => {
	it('reads the forms of all operations', () => {
		expect(PLACES.length).toBeGreaterThan(800);
		expect(new Set(PLACES.map((p) => p.where.split(' ')[0])).size).toBeGreaterThan(100);
	});

	it('every setting is labelled as the catalogue labels it, in every form', () => {
		const offered = PLACES.filter(({ property }) => settingOf(property.name));
		const drifted = offered
			.filter(({ property }) => property.displayName !== settingOf(property.name)?.label)
			.map(({ where, property }) => `${where}: ${property.name} is "${property.displayName}"`);
		expect(drifted).toEqual([]);
		// Every setting of the catalogue is offered somewhere.
		expect(
			Object.keys(SETTINGS).filter((key) => !offered.some((p) => p.property.name === key)),
		).toEqual([]);
	});

	it('lists of settings ("Reset", "Clear Completion Settings") name each by its label', () => {
		const lists = PLACES.filter(
			({ property }) =>
				property.type === 'multiOptions' &&
				Array.isArray(property.options) &&
				property.options.length > 0 &&
				(property.options as INodePropertyOptions[]).every((o) => settingOf(String(o.value))),
		);
		expect(lists.map((l) => `${l.where} › ${l.property.displayName}`).sort()).toEqual([
			'company.updateCompanySettings › Settings › Reset',
			'signingRequest.patchSigningRequest › Properties › Clear Completion Settings',
			'signingRequest.updateSigningRequest › Properties › Clear Completion Settings',
			'workspaceSettings.updateWorkspaceSettings › Settings › Reset',
		]);
		const drifted = lists.flatMap(({ where, property }) =>
			(property.options as INodePropertyOptions[])
				.filter((o) => o.name !== settingOf(String(o.value))?.label)
				.map((o) => `${where} › ${property.displayName}: ${String(o.value)} is "${o.name}"`),
		);
		expect(drifted).toEqual([]);
	});

	it('any other API key has one label in all forms, unless its label names what it is there', () => {
		const labels = new Map<string, Set<string>>();
		for (const { property } of PLACES) {
			if (!isApiKey(property.name) || property.type === 'notice') continue;
			labels.set(property.name, (labels.get(property.name) ?? new Set()).add(property.displayName));
		}
		const several = [...labels]
			.filter(([, names]) => names.size > 1)
			.map(([key, names]) => `${key}: ${[...names].join(' | ')}`);
		expect(several.filter((line) => !(line.split(':')[0] in LABELLED_BY_PLACE))).toEqual([]);
		// The exceptions are still exceptions (a merged label leaves the list).
		expect(several.map((line) => line.split(':')[0]).sort()).toEqual(
			Object.keys(LABELLED_BY_PLACE).sort(),
		);
	});
});

describe('one vocabulary: a Scope is named alike wherever it is chosen', () => {
	it('every company/workspace switch (webhooks, seals, both triggers) says "Company (All Workspaces)" and "One Workspace"', () => {
		const triggers = [new DocumentSigningTrigger(), new DocumentSigningPollTrigger()].map(
			(node) => ({ where: node.description.displayName, properties: node.description.properties }),
		);
		const switches = [
			...PLACES.map(({ where, property }) => ({ where, property })),
			...triggers.flatMap(({ where, properties }) =>
				properties.map((property) => ({ where, property })),
			),
		].filter(
			({ property }) =>
				property.type === 'options' &&
				(property.options as INodePropertyOptions[] | undefined)?.some(
					(o) => o.value === 'company',
				) &&
				(property.options as INodePropertyOptions[]).some((o) => o.value === 'workspace'),
		);
		expect(switches.map((s) => s.where).sort()).toEqual([
			'Document Signing Poll Trigger',
			'Document Signing Trigger',
			'organizationSeal.createOrganizationSeal',
			'webhook.createWebhook',
			'webhook.listWebhooks',
		]);
		for (const { where, property } of switches) {
			const names = Object.fromEntries(
				(property.options as INodePropertyOptions[]).map((o) => [o.value, o.name]),
			);
			expect({ where, label: property.displayName, names }).toEqual({
				where,
				label: 'Scope',
				names: { company: 'Company (All Workspaces)', workspace: 'One Workspace' },
			});
		}
	});
});

/** The collections that offer an owner's settings: [operation, collection parameter]. */
const FORMS: Record<SettingOwner, Array<[string, string]>> = {
	request: [
		['createSigningRequest', 'settings'],
		['patchSigningRequest', 'settings'],
		['updateSigningRequest', 'settings'],
	],
	createAndSend: [['createAndSendSigningRequest', 'settings']],
	templateCreate: [['createTemplate', 'settings']],
	templateUpdate: [
		['patchTemplate', 'settings'],
		['updateTemplate', 'settings'],
	],
	requestProperties: [
		['createSigningRequest', 'options'],
		['createAndSendSigningRequest', 'options'],
		['patchSigningRequest', 'properties'],
		['updateSigningRequest', 'properties'],
	],
	company: [['updateCompanySettings', 'settings']],
	workspace: [['updateWorkspaceSettings', 'settings']],
};

describe('each form offers the settings the service accepts there, from the catalogue', () => {
	const collection = (operation: string, name: string): INodeProperties[] => {
		const op = RESOURCES.flatMap((r) => Object.values(r.operations)).find(
			(o) => o.meta.value === operation,
		);
		const found = op?.description.find((p) => p.name === name && p.type === 'collection');
		return (found?.options ?? []) as INodeProperties[];
	};

	it.each(Object.entries(FORMS))('%s', (owner, forms) => {
		const expected = settingKeysOf(owner as SettingOwner).sort();
		expect(expected.length).toBeGreaterThan(0);
		for (const [operation, name] of forms) {
			const offered = collection(operation, name)
				.map((option) => option.name)
				.filter((key) => settingOf(key))
				.sort();
			expect({ operation, offered }).toEqual({ operation, offered: expected });
		}
	});
});
