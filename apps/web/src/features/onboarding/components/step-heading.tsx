'use client';

import Typography from '@mui/material/Typography';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The heading of a step that replaces what was on screen (a check's result): it takes focus when it
 * appears, so a screen reader announces the new step and Tab continues from there.
 */
export function StepHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <Typography ref={ref} variant="h2" tabIndex={-1} gutterBottom sx={{ '&:focus': { outline: 'none' } }}>
      {children}
    </Typography>
  );
}
