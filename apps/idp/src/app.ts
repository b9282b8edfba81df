import type { RequestListener } from 'node:http';
import type Provider from 'oidc-provider';
import type { Database } from '@vet/db/connection';
import type { IdpConfig } from './config.ts';
import { createRequestHandler } from './interactions/router.ts';
import { FailureThrottle } from './interactions/throttle.ts';
import type { IdpKeys } from './keys.ts';
import { createProvider, type ProviderConfig } from './provider.ts';

export type AppConfig = ProviderConfig & Pick<IdpConfig, 'brandName' | 'portalUrl'>;

export interface IdpApp {
  provider: Provider;
  handler: RequestListener;
}

/** The provider and its HTTP handler (interaction pages and /healthz in front of oidc-provider). */
export function createIdpApp(config: AppConfig, db: Database, keys: IdpKeys): IdpApp {
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
    csrfKey,
  });
  return { provider, handler };
}
