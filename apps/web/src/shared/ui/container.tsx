import type { HTMLAttributes, ReactNode } from 'react';
import styles from './container.module.css';
import { cx } from './cx';

export interface ContainerProps extends HTMLAttributes<HTMLElement> {
  /** The widest it gets (R9.20's breakpoints): 600, 900, 1200 or 1536px. */
  maxWidth: 'sm' | 'md' | 'lg' | 'xl';
  /** The element it renders: a div unless given (`main`, `section`…). */
  as?: 'div' | 'main' | 'section' | 'nav' | 'footer' | 'header';
  children?: ReactNode;
}

/** A centred column with the page's gutters (decision 0050). */
export function Container({ maxWidth, as: Element = 'div', className, ...props }: ContainerProps) {
  return <Element {...props} className={cx(styles.root, styles[maxWidth], className)} />;
}
