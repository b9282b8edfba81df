'use client';

import type { LinkStage } from '@vet/contracts/link-stage';
import type { ActivationStatus } from '@vet/contracts/profile';
import { useEffect, useSyncExternalStore } from 'react';
import { LoadingSpinner } from '@/shared/components/loading-spinner';
import { clientRoutingDestination } from '@/features/onboarding/client-routing-destination';
import { useLinkStage } from '@/features/onboarding/api/link-stage';
import { readStoredInvitation, readStoredVerification } from '@/features/onboarding/onboarding-storage';
import { usePortalRouter } from '@/shared/navigation/use-portal-router';
import { LinkStageView, type ShownLinkStage } from './link-stage-view';

export interface ClientRoutingProps {
  /** The profile's status; null when there is no profile; undefined while it loads. */
  activationStatus: ActivationStatus | null | undefined;
  /** A new code went out from this page: the caller refreshes the profile before the code entry opens. */
  onCodeSent: () => Promise<void>;
}

/** Where the link stage sends a person on, or null when this page shows it (decision 0077). */
export function linkStageDestination(stage: LinkStage): string | null {
  if (stage.stage === 'linked') return '/';
  if (stage.stage === 'no-check') return '/registration';
  return null;
}

/** What the person brought with them, in session storage: read in the browser only (null on the server). */
type Brought = 'code' | 'invitation' | 'nothing';
const noSubscription = () => () => {};
const readBrought = (): Brought =>
  readStoredVerification() !== null ? 'code' : readStoredInvitation() !== null ? 'invitation' : 'nothing';

const isShown = (stage: LinkStage | undefined): stage is ShownLinkStage =>
  stage !== undefined && linkStageDestination(stage) === null;

/**
 * /client-routing (R2.1): where a signed-in person who is not linked yet goes next, a spinner meanwhile.
 * Someone the status would send to "Find your record" is asked where their link stands first (decision
 * 0077): with no check made they go on to it as before; a code that went out, an invitation expected, or
 * the practice's help is shown here with its one next step. Linked: the dashboard, never this page.
 */
export function ClientRouting({ activationStatus, onCodeSent }: ClientRoutingProps) {
  const { router } = usePortalRouter();
  const brought = useSyncExternalStore(noSubscription, readBrought, () => null);
  const destination =
    activationStatus === undefined || brought === null
      ? undefined
      : clientRoutingDestination({
          hasStoredCode: brought === 'code',
          hasStoredInvitation: brought === 'invitation',
          activationStatus,
        });
  const askStage = destination === '/registration';
  const linkStage = useLinkStage(askStage);

  useEffect(() => {
    if (destination === undefined) return;
    if (!askStage) return router.replace(destination);
    // A stage the API could not say: on to the check, as before this page showed stages.
    if (linkStage.isError) return router.replace('/registration');
    const next = linkStage.data ? linkStageDestination(linkStage.data) : null;
    if (next) router.replace(next);
  }, [destination, askStage, linkStage.data, linkStage.isError, router]);

  if (askStage && isShown(linkStage.data)) {
    return (
      <LinkStageView
        stage={linkStage.data}
        onCodeSent={() => void onCodeSent().then(() => router.replace('/verified'))}
      />
    );
  }
  return <LoadingSpinner label="Finding your way" />;
}
