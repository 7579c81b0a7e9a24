import {
	maskKey,
	withMaskedOldKeys,
	withoutWorkspaceSecrets,
} from '../../../../nodes/DocumentSigning/domain/workspaceSecrets';
import { redactionMark } from '../../../../nodes/shared/transport/secrets';

describe('workspace secrets', () => {
	it('leaves out api_key, test_api_key and webhook_secret; secrets_omitted names those that had a value', () => {
		expect(
			withoutWorkspaceSecrets({
				id: 'w1',
				api_key: 'sk_live_0123456789abcdef',
				test_api_key: null,
				webhook_secret: '',
				webhook_secret_created_at: null,
				name: 'Sales',
			}),
		).toEqual({
			id: 'w1',
			webhook_secret_created_at: null,
			name: 'Sales',
			secrets_omitted: ['api_key'],
		});
		expect(withoutWorkspaceSecrets({ id: 'w2' })).toEqual({ id: 'w2', secrets_omitted: [] });
	});

	it('masks a key to its first 12 and last 4 characters; keeps masked and redacted values', () => {
		expect(maskKey('sk_live_0123456789abcdef0123456789abcdef')).toBe('sk_live_0123…cdef');
		expect(maskKey('sk_live_ab12…7f3e')).toBe('sk_live_ab12…7f3e');
		expect(maskKey('sk_live_****7f3e')).toBe('sk_live_****7f3e');
		expect(maskKey(redactionMark('live API key'))).toBe('[live API key redacted]');
		// Too short for the usual form: at most a quarter of it is kept.
		expect(maskKey('sk_live_short')).toBe('sk_…');
		expect(maskKey('')).toBe('…');
	});

	it('masks api_key in each entry of the list only; other shapes are left as they are', () => {
		const answer = {
			new_key: { api_key: 'sk_live_0123456789abcdef0123456789abcdef' },
			expiring_keys: [
				{ id: 'k1', api_key: 'sk_live_fedcba9876543210fedcba9876543210' },
				{ id: 'k2' },
				'odd',
			],
		};
		expect(withMaskedOldKeys(answer, 'expiring_keys')).toEqual({
			new_key: { api_key: 'sk_live_0123456789abcdef0123456789abcdef' },
			expiring_keys: [{ id: 'k1', api_key: 'sk_live_fedc…3210' }, { id: 'k2' }, 'odd'],
		});
		expect(withMaskedOldKeys({ expired_keys: null }, 'expired_keys')).toEqual({
			expired_keys: null,
		});
	});
});
