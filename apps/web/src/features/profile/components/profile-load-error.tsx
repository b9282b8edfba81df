import Container from '@mui/material/Container';
import { LoadError } from '@/shared/components/load-error';

/** The profile could not be loaded (after its retries, R9.5), where a page would be: say so, offer a retry. */
export function ProfileLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Container maxWidth="sm" sx={{ py: 4 }}>
      <LoadError message="We could not load your account." onRetry={onRetry} />
    </Container>
  );
}
