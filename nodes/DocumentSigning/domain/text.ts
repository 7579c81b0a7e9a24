/** "state_province" → "State Province": a label from an API key or value. */
export function titleCase(value: string): string {
	return value
		.split('_')
		.map((part) => part.charAt(0).toUpperCase() + part.slice(1))
		.join(' ');
}
