import { DocumentSigning } from '../../../nodes/DocumentSigning/DocumentSigning.node';
import { subtitleExpression } from '../../../nodes/DocumentSigning/actions/operations';

describe('canvas subtitle', () => {
	// The node description holds the expression as a literal (n8n's lint and verification scan
	// accept nothing else): it must be exactly what the operation list produces.
	it('is the expression built from the operation list', () => {
		expect(new DocumentSigning().description.subtitle).toBe(subtitleExpression());
	});

	it('names the action of an operation', () => {
		const subtitle = new DocumentSigning().description.subtitle as string;
		expect(subtitle).toContain('["createSigningRequest","Create a signing request"]');
	});
});
