import { ButtonAnchor } from '@/shared/ui/button-anchor';
import { Container } from '@/shared/ui/container';
import typography from '@/shared/ui/typography.module.css';
import styles from './error-screen.module.css';

type ErrorScreenProps = {
  /** Where 'Try Again' goes. */
  retryPath: string;
  message?: string;
};

/** The generic error screen (R2.18): 'Oops' and a 'Try Again' link to a retry path. */
export function ErrorScreen({
  retryPath,
  message = 'Something went wrong on our side. Please try again. If the problem continues, please contact your practice.',
}: ErrorScreenProps) {
  return (
    <Container maxWidth="sm" className={styles.root}>
      <h1 className={typography.gutterBottom}>Oops</h1>
      <p className={styles.message}>{message}</p>
      {/* A full page load, not a client navigation: it starts again from a clean state. */}
      <ButtonAnchor variant="contained" size="large" href={retryPath}>
        Try Again
      </ButtonAnchor>
    </Container>
  );
}
