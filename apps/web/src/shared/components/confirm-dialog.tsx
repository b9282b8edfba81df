'use client';

import { useId, type ReactNode } from 'react';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';
import dialog from '@/shared/ui/dialog.module.css';
import styles from './confirm-dialog.module.css';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  descriptions?: readonly ReactNode[];
  primaryLabel: string;
  secondaryLabel?: string;
  onPrimary: () => void;
  onSecondary: () => void;
  /** What Escape does; the secondary action unless given. A backdrop click never closes it (R2.26). */
  onEscape?: () => void;
  /** Disables both buttons while the primary action runs. */
  busy?: boolean;
}

/**
 * R2.26: a title, optional descriptions, a filled primary button and an outlined secondary button;
 * a backdrop click does not close it; minimum width 300px below the 600px breakpoint, 400px above
 * (the dialog's own minimums).
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const {
    open,
    title,
    descriptions = [],
    primaryLabel,
    secondaryLabel,
    onPrimary,
    onSecondary,
    onEscape = onSecondary,
    busy,
  } = props;
  return (
    <Dialog
      open={open}
      onClose={onEscape}
      aria-labelledby={titleId}
      aria-describedby={descriptions.length > 0 ? descriptionId : undefined}
    >
      <h2 id={titleId} className={dialog.title}>
        {title}
      </h2>
      {descriptions.length > 0 && (
        <div id={descriptionId} className={dialog.content}>
          {descriptions.map((description, index) => (
            <p key={index} className={dialog.contentText}>
              {description}
            </p>
          ))}
        </div>
      )}
      <div className={`${dialog.actions} ${styles.actions}`}>
        {secondaryLabel && (
          <Button variant="outlined" onClick={onSecondary} disabled={busy}>
            {secondaryLabel}
          </Button>
        )}
        <Button variant="contained" onClick={onPrimary} disabled={busy}>
          {primaryLabel}
        </Button>
      </div>
    </Dialog>
  );
}
