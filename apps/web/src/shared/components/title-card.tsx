import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface TitleCardProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** The page's one h1 by default. */
  headingLevel?: 'h1' | 'h2';
}

/** R2.25: the centred page title card. */
export function TitleCard({ title, subtitle, headingLevel = 'h1' }: TitleCardProps) {
  return (
    <Paper variant="outlined" sx={{ textAlign: 'center', px: { xs: 2, sm: 4 }, py: { xs: 3, sm: 4 }, my: 3 }}>
      <Typography variant="h1" component={headingLevel}>
        {title}
      </Typography>
      {subtitle && <Typography sx={{ mt: 1.5, color: 'text.secondary' }}>{subtitle}</Typography>}
    </Paper>
  );
}
