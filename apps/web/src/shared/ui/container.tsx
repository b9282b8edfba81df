import type { HTMLAttributes, ReactNode } from 'react';
import styles from './container.module.css';
import { cx } from './cx';

export interface ContainerProps extends HTMLAttributes<HTMLElement> {
  /** The widest it gets (R9.20's breakpoints): 600, 900, 1200 or 1536px. */
  maxWidth: 'sm' | 'md' | 'lg' | 'xl';
  /**
   * A page's main column has room above and below: `page` 24px, 40px from 900px wide; `roomy` 32px, 48px
   * from 900px (the signed-out lists). None unless given.
   */
  spacing?: 'page' | 'roomy';
  /** The element it renders: a div unless given (`main`, `section`…). */
  as?: 'div' | 'main' | 'section' | 'nav' | 'footer' | 'header';
  children?: ReactNode;
}

/** A centred column with the page's gutters (decision 0050). */
export function Container({ maxWidth, spacing, as: Element = 'div', className, ...props }: ContainerProps) {
  return (
    <Element
      {...props}
      className={cx(styles.root, styles[maxWidth], spacing && styles[spacing], className)}
    />
  );
}
