import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A titled part of a form, on a white card over the page's grey (R2.3). */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Box
      component="section"
      aria-labelledby={id}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        gap: 2.5,
        bgcolor: 'background.paper',
        borderRadius: 2,
        p: { xs: 2, sm: 3 },
      }}
    >
      <Typography id={id} variant="h2" sx={{ fontSize: '1.375rem' }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
