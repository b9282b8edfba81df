import { AppAlert } from '@/shared/components/app-alert';
import { TextButton } from '@/shared/components/text-button';

/** A section's data could not be loaded: say so, and offer to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <AppAlert severity="error">
      {message}
      <div>
        <TextButton color="inherit" onClick={onRetry}>
          Try again
        </TextButton>
      </div>
    </AppAlert>
  );
}
