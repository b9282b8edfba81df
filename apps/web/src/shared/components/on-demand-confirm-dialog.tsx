'use client';

import type { ConfirmDialogProps } from './confirm-dialog';
import { OnDemand } from './on-demand';

const loadConfirmDialog = () => import('./confirm-dialog').then((module) => module.ConfirmDialog);

/**
 * The confirm dialog of parts every page carries (logging out, the session's expiry warning), whose
 * code loads the first time it opens rather than with every page (decision 0034). A dialog a page opens
 * at once, or that must appear with no delay at all, uses ConfirmDialog itself.
 */
export function OnDemandConfirmDialog(props: ConfirmDialogProps) {
  return <OnDemand wanted={props.open} load={loadConfirmDialog} props={props} />;
}
