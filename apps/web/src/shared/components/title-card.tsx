import type { ReactNode } from 'react';
import { cx } from '@/shared/ui/cx';
import surface from '@/shared/ui/surface.module.css';
import typography from '@/shared/ui/typography.module.css';
import styles from './title-card.module.css';

export interface TitleCardProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** The page's one h1 by default. */
  headingLevel?: 'h1' | 'h2';
}

/** R2.25: the centred page title card. */
export function TitleCard({ title, subtitle, headingLevel: Heading = 'h1' }: TitleCardProps) {
  return (
    <div className={cx(surface.outlined, styles.root)}>
      <Heading className={typography.h1}>{title}</Heading>
      {subtitle && <p className={cx(typography.secondary, styles.subtitle)}>{subtitle}</p>}
    </div>
  );
}
