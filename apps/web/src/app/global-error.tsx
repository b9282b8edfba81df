'use client';

import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useEffect } from 'react';
import { ErrorScreen } from '@/shared/components/error-screen';
import { reportRenderError } from '@/shared/telemetry/report-render-error';
import { theme } from '@/shared/theme/theme';

/** Replaces the root layout when the layout itself fails, so it brings its own document and theme. */
export default function GlobalError({ error }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    reportRenderError(error);
  }, [error]);
  return (
    <html lang="en-GB">
      <body>
        <title>Something went wrong</title>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <main>
            <ErrorScreen retryPath="/" />
          </main>
        </ThemeProvider>
      </body>
    </html>
  );
}
