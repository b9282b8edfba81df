'use client';

import { useClientDetails } from '@/features/client-details/api/get-client-details';
import { ClientDetailsForm } from '@/features/client-details/components/client-details-form';
import { useOnlinePractices } from '@/features/practices/api/get-online-practices';
import { useProfile, useRefreshProfile } from '@/features/profile/api/get-profile';
import { LoadError } from '@/shared/components/load-error';
import { LoadingSpinner } from '@/shared/components/loading-spinner';
import { Button } from '@/shared/ui/button';
import { Container } from '@/shared/ui/container';
import { TextLink } from '@/shared/ui/text-link';
import typography from '@/shared/ui/typography.module.css';
import styles from './client-details-view.module.css';

/**
 * Your details (/client-detail): the client's own record from the client-details feature, with the
 * practices a home practice can be chosen from (practices feature) and the profile to refresh after a
 * save (profile feature): the route joins them, features do not import each other.
 */
export function ClientDetailsView() {
  const profile = useProfile();
  const details = useClientDetails(profile.data?.activationStatus);
  const practices = useOnlinePractices();
  const refreshProfile = useRefreshProfile();

  return (
    <Container maxWidth="sm" spacing="page">
      <h1 className={typography.gutterBottom}>Your details</h1>
      <p className={styles.intro}>
        Keep your details up to date, so that your practice can reach you about your pets.
      </p>
      <Button href="/client-detail/contact-preferences" variant="outlined" className={styles.preferences}>
        Contact preferences
      </Button>
      {details.isError ? (
        <LoadError message="We could not load your details." onRetry={() => void details.refetch()} />
      ) : details.data ? (
        <ClientDetailsForm
          key={details.data.updatedAt}
          details={details.data}
          practices={practices.data}
          practicesLoading={practices.isPending}
          onSaved={refreshProfile}
        />
      ) : (
        <LoadingSpinner label="Loading your details" />
      )}
      <section aria-labelledby="online-account-heading" className={styles.onlineAccount}>
        <h2 id="online-account-heading">Your online account</h2>
        <p>See the browsers and devices signed in to your account, and sign out of the others.</p>
        <p>
          <TextLink href="/client-detail/sessions">Where you are signed in</TextLink>
        </p>
        <p>See everything this portal holds about you, and download it as a file.</p>
        <p>
          <TextLink href="/client-detail/your-data">Download your data</TextLink>
        </p>
        <p>
          You can delete your account for this portal. Your practice keeps your record and your pets&rsquo;
          history.
        </p>
        <TextLink href="/client-detail/delete-account">Delete your online account</TextLink>
      </section>
    </Container>
  );
}
