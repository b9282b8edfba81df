import { developmentSecretKeys, parseSecretKeys, secretKeysExpected, type SecretKeys } from './secret-box.ts';

/**
 * The operator CLI's settings from the environment (the one place it reads them; the unacknowledged
 * report's own are in commands/config.ts).
 */

/** DATABASE_URL: the portal's database (no default: changing an unintended database by omission must not happen). */
export function eventsDatabaseUrl(): string | undefined {
  const url = process.env.DATABASE_URL?.trim();
  return url ? url : undefined;
}

/**
 * WEBHOOK_SECRET_KEYS: the keys that seal the endpoints' signing secrets (secret-box.ts), the API's too.
 * Unset outside production: the development key; production must name its own.
 */
export function eventsSecretKeys(): SecretKeys | { problem: string } {
  const text = process.env.WEBHOOK_SECRET_KEYS?.trim();
  if (text) {
    const parsed = parseSecretKeys(text);
    return 'problem' in parsed
      ? { problem: `WEBHOOK_SECRET_KEYS must be ${secretKeysExpected}: ${parsed.problem}` }
      : parsed;
  }
  if (!endpointUrlRule().requireHttps) return developmentSecretKeys;
  return { problem: `WEBHOOK_SECRET_KEYS is required in production: ${secretKeysExpected}` };
}

/**
 * In production an endpoint's URL must be https (the API's dispatcher sends to no other there). As for
 * the API (decision 0068), an unset NODE_ENV means production: a local run says NODE_ENV=development.
 */
export function endpointUrlRule(): { requireHttps: boolean; note?: string } {
  const nodeEnv = process.env.NODE_ENV;
  if (nodeEnv === 'development' || nodeEnv === 'test') return { requireHttps: false };
  return nodeEnv
    ? { requireHttps: true }
    : {
        requireHttps: true,
        note: 'NODE_ENV is unset, which means production; NODE_ENV=development for a local run',
      };
}
