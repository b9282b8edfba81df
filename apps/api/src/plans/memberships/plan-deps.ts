import type { Database } from '@vet/db/connection';
import type { DirectDebitProvider } from '../direct-debit/index.ts';

/** What joining, confirming, cancelling and the provider's webhooks stand on (decision 0162). */
export interface PlanWriteDeps {
  db: Database;
  /** Null: DIRECT_DEBIT is off, so no plan can be joined online (the join answers 409 `joining_off`). */
  provider: DirectDebitProvider | null;
  /** The portal's public address, without a trailing slash: the provider's page sends the owner back there. */
  portalUrl: string;
  brandName: string;
  now: () => Date;
}

/** The provider's keys, from the membership's own row (decision 0159): a retry never makes a second one. */
export const mandateKey = (membershipId: number) => `plan-membership-${membershipId}-mandate`;
export const subscriptionKey = (membershipId: number) => `plan-membership-${membershipId}-subscription`;

/** Where the provider's page sends the owner back (the web's return page) and where its "Back" goes. */
export const returnUrl = (portalUrl: string, membershipId: number) =>
  `${portalUrl}/plans/joined/${membershipId}`;
export const exitUrl = (portalUrl: string, petId: number, planId: number) =>
  `${portalUrl}/plans/join?petId=${petId}&planId=${planId}`;

export const planMessages = {
  joiningOff: 'Joining a plan online is not available. Ask your practice to join you.',
  unavailable:
    'We could not reach the Direct Debit provider. Nothing was set up: please try again in a minute.',
  refused: 'The Direct Debit provider could not set this up. Please ask your practice to help.',
  petNotFound: 'We could not find that pet.',
  planNotFound: 'That plan is not offered online at your pet’s practice.',
  membershipNotFound: 'We could not find that plan membership.',
  notLive: 'This plan membership has already ended.',
  stillPending: 'This plan’s Direct Debit is still being set up: it can be cancelled once it is active.',
  yearlyNotOffered: 'This plan is paid monthly only.',
} as const;
