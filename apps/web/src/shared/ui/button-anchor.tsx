import type { ReactNode } from 'react';
import { buttonClassName, type ButtonLook } from './button-class';

/**
 * A plain link that looks like a button, with no script: a full page load (a fresh start), for the
 * error and not-found screens. Next.js loads those screens' modules on every page, so they stay out of
 * `Button`'s client-side navigation and ripple (decision 0118).
 */
export function ButtonAnchor({
  href,
  children,
  ...look
}: Omit<ButtonLook, 'disabled'> & { href: string; children: ReactNode }) {
  return (
    <a href={href} className={buttonClassName(look)}>
      {children}
    </a>
  );
}
