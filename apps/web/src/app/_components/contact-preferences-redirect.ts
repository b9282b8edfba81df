import { normaliseActivationStatus } from '@/features/profile/activation-status';
import { normalisePath } from '@/shared/layout/path-utils';

export const CONTACT_PREFERENCES_PATH = '/client-detail/contact-preferences';

/**
 * R4.3: the pages the redirect never interrupts (a form under way), and /guest/complete, where a held
 * time is running out (decision 0024).
 */
const skippedRoutes = ['/registration-new', '/pets/register', '/guest/complete'];

export interface ContactPreferencesRedirectInput {
  pathname: string;
  /** The profile's activationStatus in either spelling; undefined while it loads, null when none. */
  activationStatus: string | null | undefined;
  /** The profile's flag; undefined while it loads. */
  requireContactPreferencesUpdate: boolean | undefined;
  /** The local-storage flag showContactPreferences ('0' when missing). */
  shown: string;
}

/**
 * R4.3, the contact-preference redirect: when activation is COMPLETED, the profile requires a contact
 * preferences update and the flag is '0', the client goes to the preferences page (skipped on
 * /registration-new and /pets/register). Answers that page when the redirect fires, the caller then
 * setting the flag to '1' (so it fires once per browser until logout); null otherwise. On the
 * preferences page itself it fires too, with nowhere to go: the flag is set all the same.
 */
export function contactPreferencesRedirect(input: ContactPreferencesRedirectInput): string | null {
  if (input.shown !== '0' || input.requireContactPreferencesUpdate !== true) return null;
  if (input.activationStatus == null || normaliseActivationStatus(input.activationStatus) !== 'COMPLETED')
    return null;
  const path = normalisePath(input.pathname);
  if (skippedRoutes.some((route) => path === route || path.startsWith(`${route}/`))) return null;
  return CONTACT_PREFERENCES_PATH;
}
