import { clientAddressKey } from '@vet/contracts/client-address';
import { emailKey } from '@vet/db/normalise';
import type { FastifyRequest } from 'fastify';
import { byIdentity, hashedKey, type LimitRule } from '../../platform/index.ts';

/**
 * Limits of the onboarding calls on top of the global per-address limit (R6.8): the anonymous check is an
 * oracle about who is a client, so it is limited per client address and per e-mail asked about, and the
 * calls that send e-mails or try codes are limited per address and per identity.
 * Counted by the route limits' mechanism (plugins/route-limits.ts).
 */
const TEN_MINUTES = 10 * 60 * 1000;

/** An IPv6 client by its /64, which one host can draw fresh addresses from. */
const byAddress = (request: FastifyRequest) => clientAddressKey(request.ip);
const byQueriedEmail = (request: FastifyRequest) => {
  const email = (request.query as { Email?: unknown } | undefined)?.Email;
  return typeof email === 'string' ? hashedKey(emailKey(email)) : undefined;
};

export const onboardingLimits = {
  checksPerAddress: { name: 'check-address', max: 10, windowMs: TEN_MINUTES, key: byAddress },
  checksPerEmail: { name: 'check-email', max: 5, windowMs: TEN_MINUTES, key: byQueriedEmail },
  resendsPerAddress: { name: 'resend-address', max: 10, windowMs: TEN_MINUTES, key: byAddress },
  attemptsPerAddress: { name: 'attempt-address', max: 20, windowMs: TEN_MINUTES, key: byAddress },
  attemptsPerIdentity: { name: 'attempt-identity', max: 10, windowMs: TEN_MINUTES, key: byIdentity },
} satisfies Record<string, LimitRule>;

/** The limits with the configured number of checks per address (ONBOARDING_CHECKS_PER_ADDRESS). */
export function onboardingLimitsFor(checksPerAddress: number | undefined): typeof onboardingLimits {
  return checksPerAddress === undefined
    ? onboardingLimits
    : {
        ...onboardingLimits,
        checksPerAddress: { ...onboardingLimits.checksPerAddress, max: checksPerAddress },
      };
}
