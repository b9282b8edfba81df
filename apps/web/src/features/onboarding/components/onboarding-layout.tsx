import Container from '@mui/material/Container';
import type { ReactNode } from 'react';
import { TitleCard } from '@/shared/components/title-card';

/** The onboarding pages' frame: a narrow column under a centred title card (R2.25) with the page's h1. */
export function OnboardingLayout({
  title,
  subtitle,
  children,
  maxWidth = 'sm',
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Wider for the guest's time picker. */
  maxWidth?: 'sm' | 'md';
}) {
  return (
    <Container maxWidth={maxWidth} sx={{ pb: { xs: 4, md: 6 } }}>
      <TitleCard title={title} subtitle={subtitle} />
      {children}
    </Container>
  );
}
