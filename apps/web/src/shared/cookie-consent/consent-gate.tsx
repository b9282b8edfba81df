'use client';

import type { ReactNode } from 'react';
import { useAnalyticsConsent } from './use-consent';

/**
 * Renders its children (the analytics tag-manager script) only once analytics consent exists, so the
 * tag never loads before the banner is closed.
 */
export function ConsentGate({ children }: { children: ReactNode }) {
  return useAnalyticsConsent() ? children : null;
}
