import { developmentSecretKeys, parseSecretKeys, secretKeysExpected, type SecretKeys } from './secret-box.ts';

/**
 * What the operator's commands need of their settings. The operator's command (apps/api/src/operator,
 * decision 0097) reads the environment and decides whether it runs as production; these apply that.
 */

/** Whether an endpoint's URL must be https, and why, for the refusal to say. */
export interface EndpointUrlRule {
  requireHttps: boolean;
  note?: string;
}

/**
 * WEBHOOK_SECRET_KEYS' text: the keys that seal the endpoints' signing secrets (secret-box.ts), the API's
 * too. Unset outside production: the development key; production must name its own.
 */
export function secretKeysFor(
  text: string | undefined,
  { production }: { production: boolean },
): SecretKeys | { problem: string } {
  if (text?.trim()) {
    const parsed = parseSecretKeys(text.trim());
    return 'problem' in parsed
      ? { problem: `WEBHOOK_SECRET_KEYS must be ${secretKeysExpected}: ${parsed.problem}` }
      : parsed;
  }
  if (!production) return developmentSecretKeys;
  return { problem: `WEBHOOK_SECRET_KEYS is required in production: ${secretKeysExpected}` };
}

/** DATABASE_URL: the portal's database (no default: changing an unintended database by omission must not happen). */
export function eventsDatabaseUrl(): string | undefined {
  const url = process.env.DATABASE_URL?.trim();
  return url ? url : undefined;
}

/** WEBHOOK_SECRET_KEYS, by the rule of NODE_ENV (endpointUrlRule). */
export function eventsSecretKeys(): SecretKeys | { problem: string } {
  return secretKeysFor(process.env.WEBHOOK_SECRET_KEYS, { production: endpointUrlRule().requireHttps });
}

/**
 * In production an endpoint's URL must be https (the API's dispatcher sends to no other there). As for
 * the API (decision 0068), an unset NODE_ENV means production: a local run says NODE_ENV=development.
 */
export function endpointUrlRule(): EndpointUrlRule {
  const nodeEnv = process.env.NODE_ENV;
  if (nodeEnv === 'development' || nodeEnv === 'test') return { requireHttps: false };
  return nodeEnv
    ? { requireHttps: true }
    : {
        requireHttps: true,
        note: 'NODE_ENV is unset, which means production; NODE_ENV=development for a local run',
      };
}
