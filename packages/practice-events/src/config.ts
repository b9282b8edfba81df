/**
 * The operator CLI's settings from the environment (the one place it reads them; the unacknowledged
 * report's own are in commands/config.ts).
 */

/** DATABASE_URL: the portal's database (no default: changing an unintended database by omission must not happen). */
export function eventsDatabaseUrl(): string | undefined {
  const url = process.env.DATABASE_URL?.trim();
  return url ? url : undefined;
}

/** In production an endpoint's URL must be https (the API's dispatcher refuses to send to any other). */
export function endpointsRequireHttps(): boolean {
  return process.env.NODE_ENV === 'production';
}
