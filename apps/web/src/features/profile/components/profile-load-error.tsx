import { LoadError } from '@/shared/components/load-error';
import { Container } from '@/shared/ui/container';
import styles from './profile-load-error.module.css';

/** The profile could not be loaded (after its retries, R9.5), where a page would be: say so, offer a retry. */
export function ProfileLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Container maxWidth="sm" className={styles.root}>
      <LoadError message="We could not load your account." onRetry={onRetry} />
    </Container>
  );
}
