import { OWNERS, itDeletesTheTerms } from './signerTerms.twins';
import { useSandbox } from './fixtures';

const ctx = useSandbox();

describe('Signer Terms → Delete (Company) (DELETE /company/signer-terms/{language})', () => {
	itDeletesTheTerms(
		ctx,
		OWNERS.company,
		'deletes the language and outputs {language, deleted, message}; again → 404',
	);
});
