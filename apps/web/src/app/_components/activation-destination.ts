import { normaliseActivationStatus } from '@/features/profile/activation-status';
import { normalisePath } from '@/shared/layout/path-utils';

/**
 * R4.1's exceptions, the pages that take an unlinked person to a linked account, plus what must stay
 * reachable from them: /invite (a destination of the guard itself), the sign-in and sign-up redirect
 * screens (R2.16, R2.17: "sign in with the other account"), and the development mailbox (where a
 * newcomer reads the code the flow waits for). And deleting the online account (decision 0080): a person
 * who signed up and never linked may delete their account as well. And how to complain (decision 0143):
 * the verification and invitation e-mails link it, so it opens for anyone signed in or not.
 */
const unguardedRoutes = [
  '/registration',
  '/verified',
  '/registration-new',
  '/client-routing',
  '/guest/complete',
  '/appointments/book',
  '/invite',
  '/signin',
  '/signup',
  '/dev/mailbox',
  '/client-detail/delete-account',
  '/complaints',
];

export function isActivationGuarded(pathname: string): boolean {
  const path = normalisePath(pathname);
  return !unguardedRoutes.some((route) => path === route || path.startsWith(`${route}/`));
}

export interface ActivationGuardInput {
  pathname: string;
  /** The profile's activationStatus in either spelling (R3.2); null when there is no profile. */
  activationStatus: string | null;
  /** The invitation's parameters are kept in session storage. */
  hasStoredInvitation: boolean;
  /** The current address's `_gl` tracking value, if any. */
  glTag: string | null;
}

/**
 * R4.1, the activation guard: where a signed-in person who is not linked yet goes instead of the page
 * asked for, or null to stay. Stored invitation → /invite; NOT_STARTED or no profile → /client-routing;
 * STARTED → /verified, keeping `_gl`.
 */
export function activationDestination(input: ActivationGuardInput): string | null {
  if (!isActivationGuarded(input.pathname)) return null;
  const status = input.activationStatus === null ? null : normaliseActivationStatus(input.activationStatus);
  if (status === 'COMPLETED') return null;
  if (input.hasStoredInvitation) return '/invite';
  if (status === 'STARTED') {
    return input.glTag ? `/verified?${new URLSearchParams({ _gl: input.glTag }).toString()}` : '/verified';
  }
  // NOT_STARTED, no profile, or a status this portal does not know.
  return '/client-routing';
}
