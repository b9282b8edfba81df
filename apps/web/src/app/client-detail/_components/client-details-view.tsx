'use client';

import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useClientDetails } from '@/features/client-details/api/get-client-details';
import { ClientDetailsForm } from '@/features/client-details/components/client-details-form';
import { useOnlinePractices } from '@/features/practices/api/get-online-practices';
import { useProfile, useRefreshProfile } from '@/features/profile/api/get-profile';
import { LoadError } from '@/shared/components/load-error';
import { LoadingSpinner } from '@/shared/components/loading-spinner';
import { PortalLink } from '@/shared/navigation/portal-link';

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
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h1" gutterBottom>
        Your details
      </Typography>
      <Typography sx={{ mb: 2 }}>
        Keep your details up to date, so that your practice can reach you about your pets.
      </Typography>
      <Button
        component={PortalLink}
        href="/client-detail/contact-preferences"
        variant="outlined"
        sx={{ mb: 4 }}
      >
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
    </Container>
  );
}
