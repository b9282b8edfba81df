import type { ResolveHost } from './endpoint-address.ts';
import { developmentSecretKeys, parseSecretKeys, secretKeysExpected, type SecretKeys } from './secret-box.ts';
import type { EndpointUrlRules } from './webhook-delivery.ts';

/**
 * What the operator's commands need of their settings. The operator's command (apps/api/src/operator,
 * decision 0097) reads the environment and decides whether it runs as production; these apply that.
 */

/**
 * What an endpoint's URL must meet (https in production; a public host unless WEBHOOK_ALLOWED_PRIVATE_HOSTS
 * names it, decision 0137), and why production applies, for the refusal to say.
 */
export interface EndpointUrlRule extends EndpointUrlRules {
  note?: string;
  /** Tests: how host names are resolved (DNS otherwise). */
  resolve?: ResolveHost;
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
