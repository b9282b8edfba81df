'use client';

import { useEffect } from 'react';
import { usePortalRouter } from '@/shared/navigation/use-portal-router';

/**
 * Back and forward bring a page back from Next.js's router cache as it was drawn then: the dashboard
 * before an appointment was cancelled or a name changed on another page. The pages drawn on the server
 * have no queries to catch up, so when history brings them back they are drawn again.
 */
let movedThroughHistory = false;
if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () => {
    movedThroughHistory = true;
  });
}

export function RedrawAfterHistoryMove() {
  const { router } = usePortalRouter();
  useEffect(() => {
    if (!movedThroughHistory) return;
    movedThroughHistory = false;
    router.refresh();
  }, [router]);
  return null;
}
