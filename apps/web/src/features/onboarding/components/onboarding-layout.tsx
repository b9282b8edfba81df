import Container from '@mui/material/Container';
import type { ReactNode } from 'react';
import { TitleCard } from '@/shared/components/title-card';

/** The onboarding pages' frame: a narrow column under a centred title card (R2.25) with the page's h1. */
export function OnboardingLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container maxWidth="sm" sx={{ pb: { xs: 4, md: 6 } }}>
      <TitleCard title={title} subtitle={subtitle} />
      {children}
    </Container>
  );
}
