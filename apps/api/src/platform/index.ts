/**
 * The platform: HTTP (errors, request log, route defaults), Fastify plugins (OpenAPI, rate limits, security
 * headers), the database plugin, auth (tokens, scopes, the signed-in identity and linked client), health and
 * drain, maintenance mode, observability (metrics, traces, render-error reports) and retention (decision 0119).
 * Every domain stands on it.
 * Other domains and the roots (app.ts, server.ts) import only this file (decision 0091).
 */
export {
  authPlugin,
  clientNotLinked,
  createLinkedClientLookup,
  homePracticeColumns,
  identityOf,
  integrationScope,
  linkedClientOf,
  linkedToIdentity,
  lockIdentity,
  machineGrantOf,
  ownedBy,
  publicScope,
  recordsOfLinkedClient,
  requireRecentSignIn,
  servesPractice,
  signedInScope,
  withHomePractice,
} from './auth/index.ts';
export type {
  HomePracticeFields,
  Identity,
  LinkedClient,
  LinkedClientLookup,
  MachineGrant,
  RoutePlugin,
  TrustedIssuer,
} from './auth/index.ts';
export { databasePlugin } from './database/index.ts';
export { healthRoutes } from './health/index.ts';
export { scheduleIntervalJob, type IntervalJob } from './jobs/index.ts';
export {
  ApiProblem,
  addResponses,
  RequestLogController,
  badRequest,
  conflict,
  errorBody,
  errorHandlerPlugin,
  forbidden,
  loggerOptions,
  notFound,
  routeDefaultsPlugin,
  serializeError,
  serviceUnavailable,
  toErrorResponse,
  tooManyRequests,
  unauthorized,
  unprocessable,
} from './http/index.ts';
export type { Issue, LogDestination } from './http/index.ts';
export { maintenancePlugin } from './maintenance/index.ts';
export { httpMetricsPlugin, openApiMetrics, telemetryRoutes } from './observability/index.ts';
export {
  byIdentity,
  failureLimit,
  hashedKey,
  limitedBy,
  openApiPlugin,
  rateLimitPlugin,
  securityHeadersPlugin,
} from './plugins/index.ts';
export type { LimitRule } from './plugins/index.ts';
export {
  applyRetention,
  applyRetentionTask,
  databaseStoredFiles,
  fixedRetentionDays,
  retentionCrontab,
  retentionKinds,
  retentionRules,
  retentionTasks,
} from './retention/index.ts';
export type {
  RetentionAction,
  RetentionJobLogger,
  RetentionOptions,
  RetentionOutcome,
  RetentionPeriods,
  RetentionRule,
  StoredFileEraser,
} from './retention/index.ts';
