'use client';

import { usePrescriptionRequests } from '@/features/prescriptions/api/get-prescription-requests';
import { PrescriptionRequestsList } from '@/features/prescriptions/components/prescription-requests-list';
import { RequestSentNotice } from '@/features/prescriptions/components/request-sent-notice';
import { useProfile } from '@/features/profile/api/get-profile';
import { LoadError } from '@/shared/components/load-error';
import { LoadingSpinner } from '@/shared/components/loading-spinner';
import { Button } from '@/shared/ui/button';
import { Container } from '@/shared/ui/container';
import card from '@/shared/ui/card.module.css';
import { cx } from '@/shared/ui/cx';
import typography from '@/shared/ui/typography.module.css';
import styles from './drug-request-view.module.css';

/**
 * Drug request: the requests and where each stands, and the way to a new one (decision 0111); `sent`,
 * that one was just sent (decision 0144).
 */
export function DrugRequestView({ sent = false }: { sent?: boolean }) {
  const profile = useProfile();
  const requests = usePrescriptionRequests(profile.data?.activationStatus);
  return (
    <Container maxWidth="md" spacing="page">
      <div className={cx(card.headingRow, styles.heading)}>
        <h1 className={typography.gutterBottom}>Repeat prescriptions</h1>
        <Button href="/drug-request/new-request" variant="contained">
          Request a repeat prescription
        </Button>
      </div>
      <RequestSentNotice sent={sent} />
      {requests.isError ? (
        <LoadError message="We could not load your requests." onRetry={() => void requests.refetch()} />
      ) : requests.data ? (
        <PrescriptionRequestsList requests={requests.data.requests} />
      ) : (
        <LoadingSpinner label="Loading your requests" />
      )}
    </Container>
  );
}
