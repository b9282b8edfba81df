import Box from '@mui/material/Box';
import { AppAlert } from '@/shared/components/app-alert';
import { TextButton } from '@/shared/components/text-button';

/** A section's data could not be loaded: say so, and offer to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <AppAlert severity="error">
      {message}
      <Box>
        <TextButton color="inherit" onClick={onRetry} sx={{ px: 0 }}>
          Try again
        </TextButton>
      </Box>
    </AppAlert>
  );
}
