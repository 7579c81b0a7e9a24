import type { INodeProperties, INodePropertyCollection } from 'n8n-workflow';

import { DocumentSigning } from '../../../nodes/DocumentSigning/DocumentSigning.node';
import { RESOURCES } from '../../../nodes/DocumentSigning/actions/operations';
import { sendNotice } from '../../../nodes/DocumentSigning/actions/signingRequest/common';
import { settingLabel } from '../../../nodes/DocumentSigning/domain/settings';
import { DocumentSigningPollTrigger } from '../../../nodes/DocumentSigningPollTrigger/DocumentSigningPollTrigger.node';
import { DocumentSigningTrigger } from '../../../nodes/DocumentSigningTrigger/DocumentSigningTrigger.node';
import { SEED, startSandbox, type Sandbox } from '../../sandbox';
import { pdfBase64 } from '../../sandbox/fixtures';

/**
 * Notices say what happens, true of the service and of the sandbox `npm start` runs (issue 36 §7:
 * "Recipients get their emails at once" when the sandbox emails no one, and the service emails
 * only those whose turn it is, unless Send Signing Email is off).
 */

/** Every notice of the three nodes, and every operation's description. */
function texts(): string[] {
	const out: string[] = [];
	const visit = (properties: readonly INodeProperties[]) => {
		for (const p of properties) {
			if (p.type === 'notice') out.push(p.displayName);
			if (p.type === 'collection') visit(p.options as INodeProperties[]);
			if (p.type === 'fixedCollection')
				for (const group of p.options as INodePropertyCollection[]) visit(group.values);
		}
	};
	for (const node of [
		new DocumentSigning(),
		new DocumentSigningTrigger(),
		new DocumentSigningPollTrigger(),
	])
		visit(node.description.properties);
	for (const resource of RESOURCES)
		for (const op of Object.values(resource.operations)) out.push(op.meta.description);
	return out;
}

describe('what the nodes say about emails', () => {
	it('promises no email to everyone at once', () => {
		const promising = texts().filter((t) =>
			/(get|receive)s? (their|the) (signing )?emails? at once|emails go out/i.test(t),
		);
		expect(promising).toEqual([]);
	});

	it('Send and Create and Send say who can sign, how they learn it, and that the sandbox emails no one', () => {
		const notice = sendNotice.displayName;
		expect(notice).toMatch(/^This sends the document right away: the recipients whose turn it is/);
		expect(notice).toContain(`unless ${settingLabel('send_signing_email')} is off`);
		expect(notice).toContain('the sandbox emails no one: open their signing_link');
		expect(notice).toMatch(/With the live key, credits are used\./);
	});
});

describe('the sandbox does what the send notice says', () => {
	let sandbox: Sandbox;
	beforeAll(async () => {
		sandbox = await startSandbox();
	});
	afterAll(async () => await sandbox.close());

	/** Create and Send with two signers in order; who the service would email, who may sign now. */
	async function send(settings: Record<string, boolean>) {
		const response = await fetch(`${sandbox.url}/signing-requests/create-and-send`, {
			method: 'POST',
			headers: {
				Authorization: SEED.protectedWorkspace.testKey,
				'Content-Type': 'application/json',
			},
			body: JSON.stringify({
				name: 'NDA',
				document: pdfBase64(1),
				settings: { use_signing_order: true, ...settings },
				recipients: [
					{
						id: 'temp_a',
						first_name: 'Ada',
						email: 'ada@example.com',
						designation: 'Signer',
						order: 1,
					},
					{
						id: 'temp_b',
						first_name: 'Bob',
						email: 'bob@example.com',
						designation: 'Signer',
						order: 2,
					},
				],
			}),
		});
		expect(response.status).toBe(201);
		const id = ((await response.json()) as { id: string }).id;
		const sr = sandbox.signing.getSigningRequest(id)!;
		const sent = sr.audit.find((entry) => entry.event === 'sent');
		return {
			emailed: (sent?.details as { recipients_notified?: string[] }).recipients_notified,
			mayAct: sandbox.signing.actionableRecipients(sr).map((r) => r.email),
		};
	}

	it('the recipients whose turn it is can sign, and only they are emailed', async () => {
		expect(await send({})).toEqual({ emailed: ['ada@example.com'], mayAct: ['ada@example.com'] });
	});

	it('with Send Signing Email off no one is emailed, and they can still sign', async () => {
		expect(await send({ send_signing_email: false })).toEqual({
			emailed: [],
			mayAct: ['ada@example.com'],
		});
	});
});
