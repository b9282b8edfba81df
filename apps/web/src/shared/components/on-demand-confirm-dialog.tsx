'use client';

import type { ConfirmDialogProps } from './confirm-dialog';
import { OnDemand } from './on-demand';

const loadConfirmDialog = () => import('./confirm-dialog').then((module) => module.ConfirmDialog);

/**
 * The confirm dialog of parts every page carries (logging out, the session's expiry warning) and of
 * leaving a half-filled form, whose code loads the first time it opens rather than with every page
 * (decision 0034). A dialog a page opens at once, or that must appear with no delay at all, uses
 * ConfirmDialog itself.
 */
export function OnDemandConfirmDialog({
  onUnavailable,
  ...props
}: ConfirmDialogProps & {
  /** The dialog's code could not be fetched (offline): close it, so the next opening tries again. Stable. */
  onUnavailable?: () => void;
}) {
  return (
    <OnDemand wanted={props.open} load={loadConfirmDialog} onUnavailable={onUnavailable} props={props} />
  );
}
