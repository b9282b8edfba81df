import { Button } from '@/shared/ui/button';
import styles from './form-footer.module.css';

export interface FormFooterProps {
  backLabel?: string;
  submitLabel?: string;
  /** While true the submit button reads 'Submitting...' and Back is disabled (R2.19). */
  submitting?: boolean;
  /** Back as a button; or give `backHref` for a link. Neither: no Back button. */
  onBack?: () => void;
  backHref?: string;
  submitDisabled?: boolean;
}

/** R2.19: the shared form footer, a 'Back' button and a 'Continue' submit button. */
export function FormFooter({
  backLabel = 'Back',
  submitLabel = 'Continue',
  submitting = false,
  onBack,
  backHref,
  submitDisabled = false,
}: FormFooterProps) {
  const hasBack = onBack !== undefined || backHref !== undefined;
  return (
    <div className={styles.root}>
      {hasBack ? (
        <Button
          variant="outlined"
          size="large"
          disabled={submitting}
          {...(backHref !== undefined ? { href: backHref } : { onClick: onBack })}
        >
          {backLabel}
        </Button>
      ) : (
        <span />
      )}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={submitting || submitDisabled}
        aria-busy={submitting || undefined}
      >
        {submitting ? 'Submitting...' : submitLabel}
      </Button>
    </div>
  );
}
