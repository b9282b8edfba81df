import type { RequestListener } from 'node:http';
import type Provider from 'oidc-provider';
import type { Database } from '@vet/db/connection';
import type { IdpConfig } from './config.ts';
import { createRequestHandler } from './interactions/router.ts';
import type { IdpKeys } from './keys.ts';
import { createProvider, type ProviderConfig } from './provider.ts';
import { AddressLimit, type AddressLimitPolicy } from './throttling/address-limit.ts';
import { AttemptCounters } from './throttling/attempt-counters.ts';
import { SignInThrottle, type SignInPolicy } from './throttling/sign-in-throttle.ts';

const FIFTEEN_MINUTES = 15 * 60_000;

export type AppConfig = ProviderConfig & Pick<IdpConfig, 'brandName' | 'portalUrl' | 'trustedProxyHops'>;

export interface IdpApp {
  provider: Provider;
  handler: RequestListener;
}

/** Tests count attempts apart from other tests (a namespace of their own), and may pass smaller limits. */
export interface IdpAppOverrides {
  counters?: AttemptCounters;
  signInPolicy?: SignInPolicy;
  resetRequestsPolicy?: AddressLimitPolicy;
  signUpRequestsPolicy?: AddressLimitPolicy;
  emailChangeRequestsPolicy?: AddressLimitPolicy;
}

/** "Forgot your password?" per client address (decision 0015). */
const RESET_REQUESTS: AddressLimitPolicy = { limit: 10, windowMs: FIFTEEN_MINUTES };
/** "Create account" per client address: each sends an e-mail (decision 0027). */
const SIGN_UP_REQUESTS: AddressLimitPolicy = { limit: 30, windowMs: FIFTEEN_MINUTES };
/** "Change your sign-in e-mail" per client address: each sends an e-mail (decision 0078). */
const EMAIL_CHANGE_REQUESTS: AddressLimitPolicy = { limit: 10, windowMs: FIFTEEN_MINUTES };

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
  const counters = overrides.counters ?? new AttemptCounters(db);
  const handler = createRequestHandler({
    provider,
    db,
    brandName: config.brandName,
    portalUrl: config.portalUrl,
    apiAudience: config.apiAudience,
    signInThrottle: new SignInThrottle(counters, overrides.signInPolicy),
    resetRequests: new AddressLimit(
      counters,
      'password-reset:address',
      overrides.resetRequestsPolicy ?? RESET_REQUESTS,
    ),
    signUpRequests: new AddressLimit(
      counters,
      'sign-up:address',
      overrides.signUpRequestsPolicy ?? SIGN_UP_REQUESTS,
    ),
    emailChangeRequests: new AddressLimit(
      counters,
      'email-change:address',
      overrides.emailChangeRequestsPolicy ?? EMAIL_CHANGE_REQUESTS,
    ),
    csrfKey,
    trustedProxyHops: config.trustedProxyHops,
  });
  return { provider, handler };
}
