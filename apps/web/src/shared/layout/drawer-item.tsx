'use client';

import type { ReactNode } from 'react';
import { PortalLink } from '@/shared/navigation/portal-link';
import buttonBase from '@/shared/ui/button-base.module.css';
import { cx } from '@/shared/ui/cx';
import { useRipple } from '@/shared/ui/ripple';
import styles from './drawer-item.module.css';

export interface DrawerItemProps {
  /** A link to one of the portal's pages; without it the item is a button. */
  href?: string;
  onClick: () => void;
  /** A pet under Your pets: indented, and 44 high instead of 48. */
  nested?: boolean;
  /** An icon at the item's end (Your pets' arrow). */
  end?: ReactNode;
  /** What follows the item inside its list item (the pets under Your pets). */
  after?: ReactNode;
  'aria-expanded'?: boolean;
  'aria-controls'?: string;
  children: string;
}

/** One entry of the drawer's lists (R2.6, R2.7): a full-width row that ripples when pressed (R9.15). */
export function DrawerItem({
  href,
  onClick,
  nested = false,
  end,
  after,
  children,
  ...aria
}: DrawerItemProps) {
  const { onPointerDown, ripple } = useRipple();
  const className = cx(buttonBase.base, styles.action, nested && styles.nested);
  const content = (
    <>
      <span className={styles.text}>{children}</span>
      {end}
      {ripple}
    </>
  );
  return (
    <li className={cx(styles.item, after !== undefined && styles.block)}>
      {href === undefined ? (
        <button type="button" {...aria} className={className} onClick={onClick} onPointerDown={onPointerDown}>
          {content}
        </button>
      ) : (
        <PortalLink href={href} className={className} onClick={onClick} onPointerDown={onPointerDown}>
          {content}
        </PortalLink>
      )}
      {after}
    </li>
  );
}

/** A line of text in the pets list (Loading pets…, No Pets Found), placed as a pet's link would be. */
export function DrawerNote({ children }: { children: string }) {
  return (
    <li className={cx(styles.item, styles.note)}>
      <span className={styles.text}>{children}</span>
    </li>
  );
}
