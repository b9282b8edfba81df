'use client';

import { useCallback, useState } from 'react';
import { usePortalRouter } from '@/shared/navigation/use-portal-router';
import { OnDemandConfirmDialog } from './on-demand-confirm-dialog';
import { useNavigationGuard, type BlockedNavigation } from './navigation-guard';

export interface UnsavedChangesGuardProps {
  /** True while the form holds something the person would lose by leaving. */
  dirty: boolean;
  /** What would be lost, e.g. "You have not finished registering your pet." */
  description: string;
}

/**
 * R2.27 for a half-filled form: a link, the back button or closing the tab asks first. "Stay on this
 * page" (also Escape) keeps the form as it is; "Leave" goes where the person was going. A reload or
 * closing the tab gets the browser's own question instead. The dialog's code loads the first time it
 * opens (decision 0034); if it cannot be fetched, the person stays on the page with the form as it was.
 */
export function UnsavedChangesGuard({ dirty, description }: UnsavedChangesGuardProps) {
  const { router } = usePortalRouter();
  const [blocked, setBlocked] = useState<BlockedNavigation>();
  const { release } = useNavigationGuard(() => !dirty, { onBlocked: setBlocked });
  const stay = useCallback(() => setBlocked(undefined), []);

  const leave = () => {
    if (!blocked) return;
    release();
    setBlocked(undefined);
    if (blocked.kind === 'link') router.push(blocked.href);
    else window.history.back();
  };

  return (
    <OnDemandConfirmDialog
      open={blocked !== undefined}
      onUnavailable={stay}
      title="Leave this page?"
      descriptions={[description, 'If you leave now, what you have entered will be lost.']}
      primaryLabel="Stay on this page"
      secondaryLabel="Leave"
      onPrimary={stay}
      onSecondary={leave}
      onEscape={stay}
    />
  );
}
