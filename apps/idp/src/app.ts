import type { RequestListener } from 'node:http';
import type Provider from 'oidc-provider';
import type { Database } from '@vet/db/connection';
import type { IdpConfig } from './config.ts';
import type { InteractionDeps } from './interactions/deps.ts';
import { createRequestHandler } from './interactions/router.ts';
import { FailureThrottle } from './interactions/throttle.ts';
import type { IdpKeys } from './keys.ts';
import { createProvider, type ProviderConfig } from './provider.ts';

export type AppConfig = ProviderConfig & Pick<IdpConfig, 'brandName' | 'portalUrl'>;

export interface IdpApp {
  provider: Provider;
  handler: RequestListener;
}

/** Tests may replace the throttles, to reach a limit without many slow requests. */
export type IdpAppOverrides = Partial<Pick<InteractionDeps, 'throttle' | 'resetRequests'>>;

/** The provider and its HTTP handler (interaction and password pages, /healthz, in front of oidc-provider). */
export function createIdpApp(
  config: AppConfig,
  db: Database,
  keys: IdpKeys,
  overrides: IdpAppOverrides = {},
): IdpApp {
  const provider = createProvider(config, db, keys);
  const [csrfKey] = keys.cookieKeys;
  if (!csrfKey) throw new Error('at least one cookie key is required');
  const handler = createRequestHandler({
    provider,
    db,
    brandName: config.brandName,
    portalUrl: config.portalUrl,
    apiAudience: config.apiAudience,
    throttle: new FailureThrottle(),
    resetRequests: new FailureThrottle({ limit: 10, windowMs: 15 * 60_000 }),
    csrfKey,
    ...overrides,
  });
  return { provider, handler };
}
