'use client';

import type { ActivationStatus } from '@vet/contracts/profile';
import { useEffect } from 'react';
import { LoadingSpinner } from '@/shared/components/loading-spinner';
import { clientRoutingDestination } from '@/features/onboarding/client-routing-destination';
import { readStoredInvitation, readStoredVerification } from '@/features/onboarding/onboarding-storage';
import { usePortalRouter } from '@/shared/navigation/use-portal-router';

export interface ClientRoutingProps {
  /** The profile's status; null when there is no profile; undefined while it loads. */
  activationStatus: ActivationStatus | null | undefined;
}

/** /client-routing (R2.1): a spinner while it decides where this signed-in person goes next. */
export function ClientRouting({ activationStatus }: ClientRoutingProps) {
  const { router } = usePortalRouter();

  useEffect(() => {
    if (activationStatus === undefined) return;
    router.replace(
      clientRoutingDestination({
        hasStoredCode: readStoredVerification() !== null,
        hasStoredInvitation: readStoredInvitation() !== null,
        activationStatus,
      }),
    );
  }, [activationStatus, router]);

  return <LoadingSpinner label="Finding your way" />;
}
