/**
 * Webhook signing secrets of the sandbox (service-api.md "Events"; api-reference §W.3).
 *
 * The company has one secret (company-level webhooks are signed with it); each workspace has its
 * own (workspace webhooks are signed with it). Seeded values are fixed so tests and
 * `npm run sandbox` can print and use them. A rotation issues a new random 64-hex secret at once;
 * the previous one keeps being sent as `X-Service-Signature-Old` for 7 days.
 */
import { SEED } from '../seed';

/** How long the previous secret stays valid after a rotation. */
export const SECRET_GRACE_MS = 7 * 24 * 60 * 60 * 1000;
export const SECRET_GRACE_HOURS = 168;
/** Rotation is limited to one per minute per scope (company, or one workspace). */
export const ROTATION_COOLDOWN_MS = 60_000;

/**
 * The seeded signing secrets. The company secret and the secrets of the two ordinary seeded
 * workspaces exist from the start; the protected workspace's webhook master switch starts OFF
 * (as on a new account), and switching it on creates its secret with the value listed here.
 */
export const WEBHOOK_SECRETS: Readonly<{
	company: string;
	workspaces: Readonly<Record<string, string>>;
}> = Object.freeze({
	company: '196a1b35aa9a50d112384b5c27c0103902c9bc760a99fd8d62653560c1d57869',
	workspaces: Object.freeze({
		[SEED.protectedWorkspace.id]:
			'b224fbe97b5024c534d406120af3fce4a497e243377a48ed0cb3bf6689018977',
		[SEED.workspaces[0].id]: '5192d7153df7fe3ca9448ed8aad852587ed0f49387f037c2744225dfa29d51cd',
		[SEED.workspaces[1].id]: 'b26dd6cb10772055268ab942bb3f53b51d7ef958c26b47b25dae47bf1a1a45b9',
	}) as Readonly<Record<string, string>>,
});

/** 'company' or a workspace id. */
export type SecretScope = 'company' | string;

export interface SecretState {
	current: string;
	previous: string | null;
	/** ms; the previous secret is sent (and valid) until then. */
	previousExpiresAt: number | null;
	createdAt: number;
	rotatedAt: number | null;
}

/** The secrets a delivery is signed with right now. */
export interface ActiveSecrets {
	current: string;
	/** Present only during the grace period after a rotation. */
	previous?: string;
}

export function activeSecrets(secret: SecretState, now: number): ActiveSecrets {
	const inGrace =
		secret.previous !== null && secret.previousExpiresAt !== null && now < secret.previousExpiresAt;
	return inGrace
		? { current: secret.current, previous: secret.previous as string }
		: { current: secret.current };
}
