'use client';

import Button from '@mui/material/Button';
import { PortalLink } from '@/shared/navigation/portal-link';
import type { ActionDialog, ActionOutcome } from './action-rules';

/** The ruled actions and the plain links beside them look alike: 48px high, roomy. */
export const actionButtonSx = { minHeight: 48, px: 3 };

export interface ActionButtonProps {
  label: string;
  /** What the action does; undefined while what its rule depends on loads (the button shows as busy). */
  outcome: ActionOutcome | undefined;
  primary?: boolean;
  onDialog: (dialog: ActionDialog) => void;
}

/** A ruled action (book, register a pet): a link to its page, or a button that opens the dialog saying why not. */
export function ActionButton({ label, outcome, primary, onDialog }: ActionButtonProps) {
  const variant = primary ? 'contained' : 'outlined';
  if (outcome?.kind === 'navigate') {
    return (
      <Button component={PortalLink} href={outcome.href} variant={variant} sx={actionButtonSx}>
        {label}
      </Button>
    );
  }
  return (
    <Button
      variant={variant}
      sx={actionButtonSx}
      loading={outcome === undefined}
      onClick={() => outcome && onDialog(outcome.dialog)}
    >
      {label}
    </Button>
  );
}
