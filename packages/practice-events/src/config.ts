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
