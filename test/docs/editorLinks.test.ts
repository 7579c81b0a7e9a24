import { readFileSync } from 'fs';
import * as path from 'path';
import type { INodeTypeDescription } from 'n8n-workflow';

import { DocumentSigningApi } from '../../credentials/DocumentSigningApi.credentials';
import { DocumentSigning } from '../../nodes/DocumentSigning/DocumentSigning.node';
import { DocumentSigningPollTrigger } from '../../nodes/DocumentSigningPollTrigger/DocumentSigningPollTrigger.node';
import { DocumentSigningTrigger } from '../../nodes/DocumentSigningTrigger/DocumentSigningTrigger.node';
import { landing, ROOT } from './github';

/**
 * The "Docs" links of the node windows and of the credential, built the way n8n 2.41.1's editor
 * builds them, land on a page of the repository and, where they name one, on an existing heading
 * (issue 36 §3: the links opened `…#operations?utm_source=n8n_app&…`, an anchor no page has).
 *
 * n8n-editor-ui 2.41.1, NodeSettings (the node window's Docs tab): a node type's
 * `documentationUrl` as it is when it starts with `http`; otherwise its codex
 * `resources.primaryDocumentation[0].url` followed by `?utm_source=n8n_app&utm_medium=…&utm_campaign=<type>`.
 * The credential modal: an `http(s)` `documentationUrl` outside docs.n8n.io as it is.
 * The node's codex (nodes/<Node>/<Node>.node.json) is what n8n's loader adds to the type.
 */

interface EditorNodeType {
	name: string;
	documentationUrl?: string;
	codex?: { resources?: { primaryDocumentation?: Array<{ url: string }> } };
}

/** The node window's Docs link (n8n-editor-ui 2.41.1, NodeSettings `docsUrl`). */
function nodeWindowDocsLink(nodeType: EditorNodeType): string {
	if (nodeType.documentationUrl?.startsWith('http')) return nodeType.documentationUrl;
	const query = new URLSearchParams({
		utm_source: 'n8n_app',
		utm_medium: 'node_settings_modal-credential_link',
		utm_campaign: nodeType.name,
	});
	const codex = nodeType.codex?.resources?.primaryDocumentation?.[0]?.url;
	return codex ? `${codex}?${query.toString()}` : '(n8n docs of the node)';
}

/** The credential modal's docs link (n8n-editor-ui 2.41.1, CredentialConfig). */
function credentialDocsLink(documentationUrl: string | undefined): string {
	if (!documentationUrl) return '';
	if (/^https?:\/\//.test(documentationUrl)) {
		const url = new URL(documentationUrl);
		if (url.hostname !== 'docs.n8n.io') return documentationUrl;
		for (const [k, v] of Object.entries({
			utm_source: 'n8n_app',
			utm_medium: 'credential_settings',
			utm_campaign: 'create_new_credentials_modal',
		}))
			url.searchParams.set(k, v);
		return url.href;
	}
	return `https://docs.n8n.io/integrations/builtin/credentials/${documentationUrl}/`;
}

/** A node type as the editor receives it: the description plus the codex file n8n loads. */
function asLoaded(description: INodeTypeDescription, folder: string): EditorNodeType {
	const codex = JSON.parse(
		readFileSync(path.join(ROOT, 'nodes', folder, `${folder}.node.json`), 'utf8'),
	) as EditorNodeType['codex'];
	return {
		name: `n8n-nodes-document-signing.${description.name}`,
		documentationUrl: description.documentationUrl,
		codex,
	};
}

const action = new DocumentSigning().description;
const NODES: Array<[string, EditorNodeType, string]> = [
	['Document Signing', asLoaded(action, 'DocumentSigning'), 'README.md#operations'],
	[
		// n8n makes the tool from the action node's description (with its replacements).
		'Document Signing Tool',
		{
			...asLoaded(action, 'DocumentSigning'),
			name: 'n8n-nodes-document-signing.documentSigningTool',
			...(typeof action.usableAsTool === 'object' ? action.usableAsTool.replacements : {}),
		},
		'README.md#operations',
	],
	[
		'Document Signing Trigger',
		asLoaded(new DocumentSigningTrigger().description, 'DocumentSigningTrigger'),
		'docs/triggers.md#document-signing-trigger-webhook',
	],
	[
		'Document Signing Poll Trigger',
		asLoaded(new DocumentSigningPollTrigger().description, 'DocumentSigningPollTrigger'),
		'docs/triggers.md#document-signing-poll-trigger',
	],
];

describe("the node windows' Docs links, as n8n 2.41.1 builds them", () => {
	it.each(NODES)('%s opens the section about it', (_node, nodeType, expected) => {
		const link = nodeWindowDocsLink(nodeType);
		const [file, heading] = expected.split('#');
		expect({ link, lands: landing(link) }).toEqual({ link, lands: { file, heading } });
	});

	it.each(NODES)(
		'%s: the codex page (used when the node gives no documentationUrl) opens too',
		(_node, nodeType) => {
			const link = nodeWindowDocsLink({ ...nodeType, documentationUrl: undefined });
			expect(link).toContain('?utm_source=n8n_app');
			expect({ link, lands: landing(link) }).toEqual({
				link,
				lands: { file: expect.stringMatching(/^(README\.md|docs\/\w+\.md)$/), heading: '' },
			});
		},
	);
});

describe("the credential's docs link, as n8n 2.41.1 builds it", () => {
	it('opens the Credentials section of the README', () => {
		const link = credentialDocsLink(new DocumentSigningApi().documentationUrl);
		expect({ link, lands: landing(link) }).toEqual({
			link,
			lands: { file: 'README.md', heading: 'credentials' },
		});
	});
});

describe('where a link lands', () => {
	it('refuses an anchor followed by a query (the old links)', () => {
		expect(
			landing(
				'https://github.com/n8n-nodes-document-signing/n8n-nodes-document-signing#operations?utm_source=n8n_app',
			),
		).toEqual({ wrong: expect.stringContaining('no heading of README.md') });
	});

	it('accepts a page without anchor, a query after it, and headings of docs/*.md', () => {
		const repo = 'https://github.com/n8n-nodes-document-signing/n8n-nodes-document-signing';
		expect(landing(`${repo}/blob/main/docs/triggers.md?utm_source=n8n_app`)).toEqual({
			file: 'docs/triggers.md',
			heading: '',
		});
		expect(landing(`${repo}/blob/main/docs/triggers.md#document-signing-poll-trigger`)).toEqual({
			file: 'docs/triggers.md',
			heading: 'document-signing-poll-trigger',
		});
		expect(landing(`${repo}/blob/main/docs/nothing.md`)).toEqual({
			wrong: expect.stringContaining('no README.md or docs/*.md page'),
		});
		expect(landing('https://example.com/docs#operations')).toEqual({
			wrong: expect.stringContaining('not in the repository'),
		});
	});
});
