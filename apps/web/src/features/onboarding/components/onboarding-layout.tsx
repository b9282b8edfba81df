import type { ReactNode } from 'react';
import { TitleCard } from '@/shared/components/title-card';
import { Container } from '@/shared/ui/container';
import styles from './onboarding-layout.module.css';

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
    <Container maxWidth={maxWidth} className={styles.root}>
      <TitleCard title={title} subtitle={subtitle} />
      {children}
    </Container>
  );
}
