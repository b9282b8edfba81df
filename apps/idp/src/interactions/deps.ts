import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { Interaction } from 'oidc-provider';
import { clientAddressKey } from '@vet/contracts/client-address';
import type { Database } from '@vet/db/connection';
import { clientAddressOf } from '../security-headers.ts';
import { csrfToken } from './csrf.ts';
import { grantRequestedAccess } from './grant.ts';
import type { AddressLimit } from '../throttling/address-limit.ts';
import type { SignInThrottle } from '../throttling/sign-in-throttle.ts';

export interface InteractionDeps {
  provider: Provider;
  db: Database;
  brandName: string;
  portalUrl: string;
  apiAudience: string;
  signInThrottle: SignInThrottle;
  /** "Forgot your password?" requests per client address (password-reset/pages.ts). */
  resetRequests: AddressLimit;
  /** "Create account" presses per client address (interactions/sign-up.ts). */
  signUpRequests: AddressLimit;
  /** "Change your sign-in e-mail" requests per client address (email-change/pages.ts). */
  emailChangeRequests: AddressLimit;
  /** Signs the forms' CSRF tokens. */
  csrfKey: string;
  /** Proxies in front that append to X-Forwarded-For (config.ts). */
  trustedProxyHops: number;
}

/** What the router calls with a form an interaction's page posted, read and its CSRF token checked. */
export type FormHandler = (
  deps: InteractionDeps,
  req: IncomingMessage,
  res: ServerResponse,
  interaction: Interaction,
  form: URLSearchParams,
) => Promise<void>;

/** What every interaction page needs to render. */
export function viewBase(deps: InteractionDeps, uid: string) {
  return {
    brandName: deps.brandName,
    portalUrl: deps.portalUrl,
    uid,
    csrfToken: csrfToken(deps.csrfKey, uid),
  };
}

/** Signs the account in, grants the portal what it asked for, and sends the browser back to /auth. */
export async function finishSignedIn(
  deps: InteractionDeps,
  req: IncomingMessage,
  res: ServerResponse,
  interaction: Interaction,
  accountId: string,
): Promise<void> {
  const grantId = await grantRequestedAccess(deps.provider, interaction, accountId, deps.apiAudience);
  await deps.provider.interactionFinished(
    req,
    res,
    { login: { accountId, amr: ['pwd'] }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
}

/**
 * What the throttles count a client by: its address, an IPv6 client by its /64 (a host may draw a fresh
 * address from its /64 for every attempt).
 */
export function clientAddress(deps: InteractionDeps, req: IncomingMessage): string | undefined {
  const address = clientAddressOf(req, deps.trustedProxyHops);
  return address === undefined ? undefined : clientAddressKey(address);
}
