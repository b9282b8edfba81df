'use client';

import { Button } from '@/shared/ui/button';
import styles from './action-button.module.css';
import type { ActionDialog, ActionOutcome } from './action-rules';

/** The ruled actions and the plain links beside them look alike: 48px high, roomy. */
export const actionButtonClassName = styles.action;

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
      <Button href={outcome.href} variant={variant} className={actionButtonClassName}>
        {label}
      </Button>
    );
  }
  return (
    <Button
      variant={variant}
      className={actionButtonClassName}
      loading={outcome === undefined}
      onClick={() => outcome && onDialog(outcome.dialog)}
    >
      {label}
    </Button>
  );
}
