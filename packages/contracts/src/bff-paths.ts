/**
 * The API's first path segments that the portal's same-origin proxy (/bff/*) forwards. Anything else
 * (the OpenAPI document at /docs, the probes at /healthz and /readyz, an area added to the API later)
 * answers 404 at the proxy until it is added here on purpose. The API's integration test
 * (apps/api/src/platform/plugins/bff-paths.integration.test.ts) checks every documented path against this list.
 */
export const bffForwardedPrefixes = [
  'address-lookup',
  'appointments',
  'client',
  'earlier-time-offer',
  'guest',
  'lookup',
  'manage-link',
  'online-practices',
  'practices',
  'pre-signup',
  'prescription-requests',
  'signup',
  'signup-v2',
  'telemetry',
  'v2',
] as const;

/**
 * The development mailbox: forwarded only when the web's DEV_ROUTES is on (npm start and the tests), never
 * in production; the API, too, serves it only when its mailbox is on, never in production.
 */
export const bffDevelopmentPrefixes = ['dev'] as const;

/**
 * API paths the proxy never forwards: the API's own documentation, the health probes (and the connectors'
 * health, decision 0130), and the practice
 * system's integration API (machine callers reach the API directly; decision 0062).
 */
export const bffRefusedPrefixes = [
  // The practice system's signed links to attachments (decision 0165): it calls the API directly.
  'attachments',
  'docs',
  'health',
  'healthz',
  'integration',
  'readyz',
] as const;
