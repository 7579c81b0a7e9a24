export * from './request';
export * from './pagination';
export { RATE_LIMITS, rateClassOf, resetRateLimiters } from './rateLimit';
export type { RateClass } from './rateLimit';
export type { ApiErrorInfo, ErrorExplanation, Explainer, KeyMode } from './errors';
