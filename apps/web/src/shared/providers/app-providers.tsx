'use client';

import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { createApiClient } from '../api/api-client';
import { ApiClientProvider } from '../api/api-client-context';
import { createQueryClient } from '../query/query-client';
import { theme } from '../theme/theme';

/**
 * The browser-side providers under the root layout. Sign-in's SessionProvider joins here in a later
 * issue. `apiBaseUrl` comes from the server configuration (the same value /api/config returns).
 */
export function AppProviders({ apiBaseUrl, children }: { apiBaseUrl: string; children: ReactNode }) {
  // One query client per browser tab (and per server render), never shared between users.
  const [queryClient] = useState(createQueryClient);
  const apiClient = useMemo(() => createApiClient({ baseUrl: apiBaseUrl }), [apiBaseUrl]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <ApiClientProvider client={apiClient}>{children}</ApiClientProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
