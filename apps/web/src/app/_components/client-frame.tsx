'use client';

import { startSignInOnDemand } from '@/features/auth/components/start-sign-in-on-demand';
import { portalSignInRequest } from '@/features/auth/sign-in-requests';
import { useSession } from '@/shared/auth-session/session-client';
import { useLogout } from '@/shared/auth-session/logout-context';
import { PortalShell, type FrameProps, type PortalShellProps } from '@/shared/layout/portal-shell';
import { ActivationGuard, type GuardedProfile } from './activation-guard';

export type ClientFrameProps = FrameProps &
  Pick<
    PortalShellProps,
    'user' | 'practiceName' | 'pets' | 'petsLoading' | 'breadcrumbNames' | 'unreadMessages'
  > & {
    profile: GuardedProfile;
  };

/**
 * The shell with the signed-in client in it, whichever way their profile and pets arrived (PortalFrame's
 * queries, or the server for the pages drawn there): the confirmed logout, sign-in from the logo, and
 * every page inside the activation guard (R4.1).
 */
export function ClientFrame({ profile, children, ...shell }: ClientFrameProps) {
  const { status } = useSession();
  const { requestLogout } = useLogout();
  return (
    <PortalShell
      {...shell}
      signedIn={status === 'authenticated'}
      onLogout={requestLogout}
      onSignIn={() => void startSignInOnDemand(portalSignInRequest())}
    >
      <ActivationGuard profile={profile}>{children}</ActivationGuard>
    </PortalShell>
  );
}
