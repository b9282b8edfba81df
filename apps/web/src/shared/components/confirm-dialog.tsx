'use client';

import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';

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
 * a backdrop click does not close it; minimum width 300px below the 600px breakpoint, 400px above.
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
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') onEscape();
      }}
      aria-labelledby={titleId}
      aria-describedby={descriptions.length > 0 ? descriptionId : undefined}
      slotProps={{ paper: { sx: { minWidth: { xs: 300, sm: 400 } } } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {descriptions.length > 0 && (
        <DialogContent id={descriptionId}>
          {descriptions.map((description, index) => (
            <DialogContentText key={index} sx={{ mb: index < descriptions.length - 1 ? 1 : 0 }}>
              {description}
            </DialogContentText>
          ))}
        </DialogContent>
      )}
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {secondaryLabel && (
          <Button variant="outlined" onClick={onSecondary} disabled={busy}>
            {secondaryLabel}
          </Button>
        )}
        <Button variant="contained" onClick={onPrimary} disabled={busy}>
          {primaryLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
