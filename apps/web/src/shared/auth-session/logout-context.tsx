'use client';

import { signOut } from './session-client';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { OnDemandConfirmDialog } from '@/shared/components/on-demand-confirm-dialog';
import { clearPersonalStorage } from '@/shared/storage/storage-keys';
import { fetchProviderLogoutUrl } from './provider-logout-url';

export type Logout = {
  /** Opens the "Log out" confirmation (header menu, drawer). */
  requestLogout: () => void;
  /** Logs out at once (the inactivity timeout, or the confirmation's button). */
  logout: () => Promise<void>;
  /** True from the start of a logout until the browser leaves: pages must not start a sign-in then. */
  loggingOut: boolean;
};

const LogoutContext = createContext<Logout | null>(null);

export function useLogout(): Logout {
  const logout = useContext(LogoutContext);
  if (!logout) throw new Error('useLogout must be used within a LogoutProvider');
  return logout;
}

/**
 * R4.11: clear the person's stored keys, end the portal session (next-auth's signOut deletes
 * the server-side row and tells the other tabs), then end the provider's session too (RP-initiated
 * logout), which returns to the portal's origin. The provider's logout is prepared first: it needs the
 * ID token, which goes with the row; the server keeps it in a sealed cookie and redirects to the
 * provider with it, so this script never sees it (decision 0058).
 */
async function endSessions(navigate: (url: string) => void): Promise<void> {
  clearPersonalStorage();
  const providerLogoutUrl = await fetchProviderLogoutUrl();
  // The other tabs go to sign in only once this one has reached the provider's logout.
  await signOut({ callbackUrl: '/', tellOtherTabsWhenLeaving: true });
  navigate(providerLogoutUrl ?? `${window.location.origin}/`);
}

const leaveFor = (url: string) => window.location.assign(url);

/** Renders the logout confirmation once for the whole app; useLogout() opens it. */
export function LogoutProvider({
  children,
  navigate = leaveFor,
}: {
  children: ReactNode;
  /** Where the browser goes at the end (tests replace the real navigation). */
  navigate?: (url: string) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);

  const logout = useCallback(async () => {
    setLoggingOut(true);
    try {
      await endSessions(navigate);
    } catch {
      // The portal session could not be ended (offline?): stay, so the person can try again.
      setLoggingOut(false);
      setConfirming(false);
    }
  }, [navigate]);

  const value = useMemo<Logout>(
    () => ({ requestLogout: () => setConfirming(true), logout, loggingOut }),
    [logout, loggingOut],
  );

  return (
    <LogoutContext value={value}>
      {children}
      <OnDemandConfirmDialog
        open={confirming}
        title="Log out"
        descriptions={['Are you sure you want to log out?']}
        primaryLabel="Log out"
        secondaryLabel="Cancel"
        onPrimary={() => void logout()}
        onSecondary={() => setConfirming(false)}
        busy={loggingOut}
      />
    </LogoutContext>
  );
}
