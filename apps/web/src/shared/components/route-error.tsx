'use client';

import { useEffect } from 'react';
import { ErrorScreen } from '@/shared/components/error-screen';
import { reportRenderErrorOnDemand } from '@/shared/telemetry/report-render-error-on-demand';

/**
 * A page's error screen (R2.18), inside its route group's frame (each group's error.tsx); it retries to
 * '/'. An error in a layout itself reaches global-error.tsx.
 */
export default function RouteError({ error }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    reportRenderErrorOnDemand(error);
  }, [error]);
  return <ErrorScreen retryPath="/" />;
}
