/**
 * Pre-signup checks per client address in 10 minutes in the end-to-end portal (ONBOARDING_CHECKS_PER_ADDRESS;
 * production's default is 10). Every journey's browser comes from the same loopback address, and a whole
 * run makes more checks than 10 within 10 minutes; with the default, which journeys met 429 would depend
 * on the order and speed of the run. client-address.e2e.test.ts checks the limit at this value.
 */
export const e2eChecksPerAddress = 40;

/**
 * The API's global limit per client address in the end-to-end portal (RATE_LIMIT_MAX; production's default
 * is 300 a minute). Every journey's browser comes through the web from the same loopback address, so the
 * whole run shares one bucket, and with the default whether a minute of journeys passes 300 requests
 * depends on the speed of the machine and of the portal: a journey then meets 429 at random. The limit
 * itself is tested where its bucket is its own (apps/api/src/platform/plugins/rate-limit.integration.test.ts).
 */
export const e2eRequestsPerAddressPerMinute = 100_000;
