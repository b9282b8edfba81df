import { AppAlert } from '@/shared/components/app-alert';
import { TextButton } from '@/shared/components/text-button';

/** Try again: a handler in the browser, or, on a page drawn on the server, a link that loads it again. */
type Retry = { onRetry: () => void; retryHref?: never } | { retryHref: string; onRetry?: never };

/** A section's data could not be loaded: say so, and offer to try again. */
export function LoadError({ message, onRetry, retryHref }: { message: string } & Retry) {
  return (
    <AppAlert severity="error">
      {message}
      <div>
        <TextButton
          color="inherit"
          {...(retryHref === undefined ? { onClick: onRetry } : { href: retryHref })}
        >
          Try again
        </TextButton>
      </div>
    </AppAlert>
  );
}
