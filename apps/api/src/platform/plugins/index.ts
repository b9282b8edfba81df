/**
 * The plugins module: cross-cutting Fastify plugins (OpenAPI, rate limits, security headers).
 * Other modules import only this file (decision 0054).
 */
export { openApiPlugin } from './openapi.ts';
export { rateLimitPlugin } from './rate-limit.ts';
export { byIdentity, failureLimit, hashedKey, limitedBy } from './route-limits.ts';
export type { LimitRule } from './route-limits.ts';
export { securityHeadersPlugin } from './security-headers.ts';
