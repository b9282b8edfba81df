/**
 * Maintenance mode (MAINTENANCE=on, decision 0073): what the web and the API both tell a caller.
 * One value for both, so a browser and a practice system are told the same time to come back.
 */

/** Retry-After of every maintenance 503, in seconds: long enough not to hammer, short enough to notice. */
export const maintenanceRetryAfterSeconds = 300;

/** The message of the API's (and the BFF's) maintenance 503 in the error shape. */
export const maintenanceMessage =
  'The portal is closed for planned maintenance. Please try again in a few minutes.';
