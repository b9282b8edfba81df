'use client';

import type { Session } from 'next-auth';
import { SessionProvider } from '@/shared/auth-session/session-client';
import { useMemo, type ReactNode } from 'react';
import { createApiClient } from '@/shared/api/api-client';
import { ApiClientProvider } from '@/shared/api/api-client-context';
import { logAccessTokenRefused } from '@/shared/auth-session/auth-log';
import { InactivityMonitor } from '@/shared/auth-session/inactivity-monitor';
import { LogoutProvider } from '@/shared/auth-session/logout-context';
import { NetworkStatusToasts } from '@/shared/toast/network-status-toasts';
import { ToastProvider } from '@/shared/toast/toast-provider';

/**
 * The browser-side providers under the root layout. `apiBaseUrl` comes from the server configuration
 * (the same value /api/config returns); `sessionPollSeconds` from SESSION_POLL_SECONDS (0: no polling).
 *
 * The session (R4.7) is refetched when the tab becomes visible again and whenever another tab signs
 * in or out (next-auth's cross-tab message, session-client.tsx), and every `sessionPollSeconds` when set. The logout
 * confirmation and the inactivity warning are rendered once, here; useLogout() opens the former.
 * useToast() shows the one toast (R4.13). The query cache is not here: only the pages that read the API
 * from the browser carry it (QueryProvider, decision 0118).
 */
export function AppProviders({
  apiBaseUrl,
  sessionPollSeconds = 0,
  initialSession = null,
  children,
}: {
  apiBaseUrl: string;
  sessionPollSeconds?: number;
  /** The server's view of the session at render time (null when signed out). */
  initialSession?: Session | null;
  children: ReactNode;
}) {
  const apiClient = useMemo(
    () => createApiClient({ baseUrl: apiBaseUrl, onUnauthorized: logAccessTokenRefused }),
    [apiBaseUrl],
  );
  return (
    <SessionProvider session={initialSession} refetchOnWindowFocus refetchInterval={sessionPollSeconds}>
      <ApiClientProvider client={apiClient}>
        <ToastProvider>
          <LogoutProvider>
            {children}
            <InactivityMonitor />
            <NetworkStatusToasts />
          </LogoutProvider>
        </ToastProvider>
      </ApiClientProvider>
    </SessionProvider>
  );
}
