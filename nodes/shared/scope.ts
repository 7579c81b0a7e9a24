/**
 * The two scopes, named alike wherever a Scope is chosen (the triggers, webhooks, seals): the
 * value is the service's, the label the editor's.
 */
export const SCOPE_LABELS = {
	company: 'Company (All Workspaces)',
	workspace: 'One Workspace',
} as const;

/** One option of a Scope switch, with what that scope means in its place. */
export function scopeOption(
	value: keyof typeof SCOPE_LABELS,
	description: string,
): { name: string; value: string; description: string } {
	return { name: SCOPE_LABELS[value], value, description };
}
