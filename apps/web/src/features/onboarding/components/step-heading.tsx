'use client';

import { useEffect, useRef, type ReactNode } from 'react';
import { cx } from '@/shared/ui/cx';
import typography from '@/shared/ui/typography.module.css';
import styles from './step-heading.module.css';

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
    <h2 ref={ref} tabIndex={-1} className={cx(typography.gutterBottom, styles.heading)}>
      {children}
    </h2>
  );
}
