'use client';

import { useEffect } from 'react';
import { ErrorScreen } from '@/shared/components/error-screen';
import { reportRenderErrorOnDemand } from '@/shared/telemetry/report-render-error-on-demand';
// The root layout, which imports the portal's base styles, is not rendered here: bring them along.
import '@/shared/theme/global.css';

/** Replaces the root layout when the layout itself fails, so it brings its own document and base styles. */
export default function GlobalError({ error }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    reportRenderErrorOnDemand(error);
  }, [error]);
  return (
    <html lang="en-GB">
      <body>
        <title>Something went wrong</title>
        <main>
          <ErrorScreen retryPath="/" />
        </main>
      </body>
    </html>
  );
}
