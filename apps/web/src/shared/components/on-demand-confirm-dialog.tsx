'use client';

import { lazy, Suspense, useState } from 'react';
import type { ConfirmDialogProps } from './confirm-dialog';

const ConfirmDialog = lazy(() =>
  import('./confirm-dialog').then((module) => ({ default: module.ConfirmDialog })),
);

/**
 * The confirm dialog of parts every page carries (logging out, the session's expiry warning), whose
 * code loads the first time it opens rather than with every page (issue 14: the shell's weight). It
 * stays mounted once opened, so closing fades out as before. A dialog a page opens at once, or that
 * must appear with no delay at all, uses ConfirmDialog itself.
 */
export function OnDemandConfirmDialog(props: ConfirmDialogProps) {
  const [opened, setOpened] = useState(props.open);
  // Set during render, not in an effect: the dialog starts loading in the same render that opens it.
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  );
}
