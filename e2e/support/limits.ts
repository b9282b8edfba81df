/**
 * Pre-signup checks per client address in 10 minutes in the end-to-end portal (ONBOARDING_CHECKS_PER_ADDRESS;
 * production's default is 10). Every journey's browser comes from the same loopback address, and a whole
 * run makes more checks than 10 within 10 minutes; with the default, which journeys met 429 would depend
 * on the order and speed of the run. client-address.e2e-test.ts checks the limit at this value.
 */
export const e2eChecksPerAddress = 40;
