import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@/shared/theme/visually-hidden';
import { LoadingSpinner } from '@/shared/components/loading-spinner';

/** R9.11: the redirect screens show only a centred spinner 500px high (and a heading for screen readers). */
export function RedirectScreen({ heading, label }: { heading: string; label: string }) {
  return (
    <>
      <Typography variant="h1" sx={visuallyHidden}>
        {heading}
      </Typography>
      <LoadingSpinner height={500} label={label} />
    </>
  );
}
