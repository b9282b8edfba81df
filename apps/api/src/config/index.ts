/**
 * The API's config: the environment parsed and checked once at start-up. Only the roots (server.ts,
 * app.ts, operator.ts) and the test kits read it; each module declares the options it needs as its own type and the
 * roots hand it those (decision 0091).
 */
export { ConfigError, DEV_VERIFICATION_CODE_PEPPER, loadConfig } from './api-config.ts';
export type { ApiConfig } from './api-config.ts';
export { connectionBudget } from './database.ts';
export { loadOperatorConfig, OperatorConfigError } from './operator-config.ts';
