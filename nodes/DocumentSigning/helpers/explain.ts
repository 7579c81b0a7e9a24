/** The explanation types, for the files that take them from here. */
export type { ApiErrorInfo, ErrorExplanation, Explainer } from '../transport';
