export * from './request';
export * from './pagination';
export { RATE_LIMITS, rateClassOf, resetRateLimiters } from './rateLimit';
export type { RateClass } from './rateLimit';
export { explainMissing } from './errors';
export type { ApiErrorInfo, ErrorExplanation, Explainer, KeyMode, Reference } from './errors';
