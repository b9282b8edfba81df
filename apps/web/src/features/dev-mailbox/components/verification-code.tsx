'use client';

import { useToast } from '@/shared/toast/use-toast';
import { Button } from '@/shared/ui/button';
import { cx } from '@/shared/ui/cx';
import typography from '@/shared/ui/typography.module.css';
import styles from './verification-code.module.css';

/** The code an e-mail carries, large and spaced so it reads at a glance, with a copy button. */
export function VerificationCode({ code }: { code: string }) {
  const { showToast } = useToast();
  const copy = () => {
    navigator.clipboard.writeText(code).then(
      () => showToast('Code copied.', 'success'),
      () => showToast('Could not copy the code; select it instead.', 'warning'),
    );
  };
  return (
    <div className={styles.root}>
      <div>
        <p className={cx(typography.body2, typography.secondary)}>Verification code</p>
        <p data-testid="verification-code" className={styles.code}>
          {code}
        </p>
      </div>
      <Button variant="outlined" onClick={copy}>
        Copy code
      </Button>
    </div>
  );
}
