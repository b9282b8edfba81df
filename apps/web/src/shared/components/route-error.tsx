'use client';

import { useEffect } from 'react';
import { ErrorScreen } from '@/shared/components/error-screen';
import { reportRenderError } from '@/shared/telemetry/report-render-error';

/** The app's top-level error screen (R2.18): it retries to '/'. */
export default function RootError({ error }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    reportRenderError(error);
  }, [error]);
  return <ErrorScreen retryPath="/" />;
}
