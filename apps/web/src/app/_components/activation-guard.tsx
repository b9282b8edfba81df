'use client';

import { useSession } from '@/shared/auth-session/session-client';
import { usePathname } from 'next/navigation';
import { useEffect, type ReactNode } from 'react';
import { LoadingSpinner } from '@/shared/components/loading-spinner';
import { activationDestination, isActivationGuarded } from './activation-destination';
import { useContactPreferencesRedirect } from './use-contact-preferences-redirect';
import type { ActivationState } from '@/features/profile/api/get-profile';
import { ProfileLoadError } from '@/features/profile/components/profile-load-error';
import { usePortalRouter } from '@/shared/navigation/use-portal-router';

// Fetched only when a page needs it, a `practice` to keep or a client not linked yet (decision 0149).
const loadOnboardingStorage = () => import('@/features/onboarding/onboarding-storage');

/** What the guard reads of the profile: from the query cache (PortalFrame) or the server (ServerDrawnFrame). */
export interface GuardedProfile extends ActivationState {
  /** R4.3's flag; undefined while the profile is not known. */
  requireContactPreferencesUpdate: boolean | undefined;
}

/**
 * R4.1, the activation guard, around every page: a signed-in person who is not linked to a client record
 * yet never sees a guarded page; a spinner shows while the profile loads and while they are sent on
 * (activation-destination.ts says where). Signed-out visitors and the onboarding pages pass straight
 * through: pages that need sign-in ask for it themselves (RequireAuth).
 */
export function ActivationGuard({ profile, children }: { profile: GuardedProfile; children: ReactNode }) {
  const pathname = usePathname() ?? '/';
  const { router } = usePortalRouter();
  const { status } = useSession();
  const { activationStatus, failed, retry } = profile;
  const guarded = status !== 'unauthenticated' && isActivationGuarded(pathname);
  const linked = activationStatus === 'COMPLETED';
  // R4.3: then, once linked, the contact-preference redirect.
  useContactPreferencesRedirect(pathname, activationStatus, profile.requireContactPreferencesUpdate);

  useEffect(() => {
    // R2.2: a `practice` parameter on any page is kept for the registration forms.
    const practice = new URLSearchParams(window.location.search).get('practice');
    if (practice) void loadOnboardingStorage().then((storage) => storage.storePractice(practice));
  }, [pathname]);

  useEffect(() => {
    if (status !== 'authenticated' || activationStatus === undefined) return;
    const place = {
      pathname,
      activationStatus,
      glTag: new URLSearchParams(window.location.search).get('_gl'),
    };
    // Linked, or a page not guarded: no move whatever the storage holds, so it is not read.
    const mayMove = [false, true].some(
      (hasStoredInvitation) => activationDestination({ ...place, hasStoredInvitation }) !== null,
    );
    if (!mayMove) return;
    let current = true;
    void loadOnboardingStorage().then((storage) => {
      const hasStoredInvitation = storage.readStoredInvitation() !== null;
      const destination = activationDestination({ ...place, hasStoredInvitation });
      if (current && destination) router.replace(destination);
    });
    return () => {
      current = false;
    };
  }, [status, pathname, activationStatus, router]);

  if (!guarded || linked) return children;
  if (failed) return <ProfileLoadError onRetry={retry} />;
  return <LoadingSpinner label="Loading your account" />;
}
