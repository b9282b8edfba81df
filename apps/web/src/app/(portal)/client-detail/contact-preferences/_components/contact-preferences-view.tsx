'use client';

import { useContactPreferences } from '@/features/client-details/api/get-contact-preferences';
import { ContactPreferencesForm } from '@/features/client-details/components/contact-preferences-form';
import { useProfile, useRefreshProfile } from '@/features/profile/api/get-profile';
import { LoadError } from '@/shared/components/load-error';
import { LoadingSpinner } from '@/shared/components/loading-spinner';
import { Container } from '@/shared/ui/container';
import typography from '@/shared/ui/typography.module.css';
import styles from './contact-preferences-view.module.css';

/**
 * Contact preferences (/client-detail/contact-preferences): where R4.3's redirect lands. Saving refreshes
 * the profile too (the route passes its refresher), so its requireContactPreferencesUpdate turns false.
 */
export function ContactPreferencesView() {
  const profile = useProfile();
  const current = useContactPreferences(profile.data?.activationStatus);
  const refreshProfile = useRefreshProfile();

  return (
    <Container maxWidth="sm" spacing="page">
      <h1 className={typography.gutterBottom}>Contact preferences</h1>
      <p className={styles.intro}>
        Choose how your practice may contact you. You can change these at any time.
      </p>
      {current.isError ? (
        <LoadError
          message="We could not load your contact preferences."
          onRetry={() => void current.refetch()}
        />
      ) : current.data ? (
        <ContactPreferencesForm
          key={current.data.lastConfirmedAt ?? 'never'}
          current={current.data}
          onSaved={refreshProfile}
        />
      ) : (
        <LoadingSpinner label="Loading your contact preferences" />
      )}
    </Container>
  );
}
