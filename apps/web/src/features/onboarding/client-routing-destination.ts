import type { ActivationStatus } from '@vet/contracts/profile';

export interface ClientRoutingInput {
  /** A verification code from an e-mailed link is waiting in session storage (vCode). */
  hasStoredCode: boolean;
  /** An invitation's parameters are waiting in session storage. */
  hasStoredInvitation: boolean;
  /** The profile's status; null when there is no profile. */
  activationStatus: ActivationStatus | null;
}

/**
 * /client-routing (R2.1): where a signed-in person goes next. What they brought with them comes first (a
 * code from an e-mail, then an invitation), then their status: a code is out (STARTED) → type it in;
 * nothing under way → find their record; already linked → the dashboard.
 */
export function clientRoutingDestination(input: ClientRoutingInput): string {
  if (input.hasStoredCode) return '/verified';
  if (input.hasStoredInvitation) return '/invite';
  switch (input.activationStatus) {
    case 'STARTED':
      return '/verified';
    case 'COMPLETED':
      return '/';
    case 'NOT_STARTED':
    case null:
      return '/registration';
  }
}
