import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

export interface LoadingSpinnerProps {
  /** R9.11: 50vh by default; the sign-in redirect screens use 500px. */
  height?: number | string;
  label?: string;
}

/** A spinner centred in the area, announced as a status named "Loading". */
export function LoadingSpinner({ height = '50vh', label = 'Loading' }: LoadingSpinnerProps) {
  return (
    <Box
      role="status"
      aria-label={label}
      sx={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
    >
      <CircularProgress aria-hidden />
    </Box>
  );
}
