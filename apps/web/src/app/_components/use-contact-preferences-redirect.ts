'use client';

import { useEffect } from 'react';
import type { ActivationStatus } from '@vet/contracts/profile';
import { normalisePath } from '@/shared/layout/path-utils';
import {
  markContactPreferencesShown,
  readShowContactPreferences,
} from '@/shared/storage/show-contact-preferences';
import { usePortalRouter } from '@/shared/navigation/use-portal-router';
import { contactPreferencesRedirect } from './contact-preferences-redirect';

/**
 * R4.3 on every page (next to the activation guard): once the profile says the client must confirm their
 * contact preferences, sends them to the preferences page once, and sets the flag so it does not happen
 * again in this browser until logout. Saving there turns the profile's flag false for good (until due).
 */
export function useContactPreferencesRedirect(
  pathname: string,
  activationStatus: ActivationStatus | null | undefined,
  required: boolean | undefined,
): void {
  const { router } = usePortalRouter();

  useEffect(() => {
    const destination = contactPreferencesRedirect({
      pathname,
      activationStatus,
      requireContactPreferencesUpdate: required,
      shown: readShowContactPreferences(),
    });
    if (destination === null) return;
    markContactPreferencesShown();
    if (normalisePath(pathname) !== destination) router.push(destination);
  }, [pathname, activationStatus, required, router]);
}
