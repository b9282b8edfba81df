'use client';

import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { PortalLink } from '@/shared/navigation/portal-link';
import { useRipple } from '@/shared/ui/ripple';
import styles from './header-user-menu-list.module.css';

export interface HeaderUserMenuListProps {
  id: string;
  buttonId: string;
  /** The button that opened the menu; null while it is closed. */
  anchor: HTMLElement | null;
  onClose: () => void;
  onLogout: () => void;
}

/** One item: a link with `href`, else a button; it ripples when pressed (R9.15). */
function MenuItem({
  href,
  first,
  onClick,
  children,
}: {
  href?: string;
  /** The first item is the one Tab reaches; the arrow keys move between them all. */
  first: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  const { onPointerDown, ripple } = useRipple();
  const props = {
    role: 'menuitem',
    tabIndex: first ? 0 : -1,
    className: styles.item,
    onClick,
    onPointerDown,
  } as const;
  return (
    <li role="none">
      {href === undefined ? (
        <button type="button" {...props}>
          {children}
          {ripple}
        </button>
      ) : (
        <PortalLink href={href} {...props}>
          {children}
          {ripple}
        </PortalLink>
      )}
    </li>
  );
}

/**
 * R2.9: the user menu's items, Your details and Log out, under the button that opens them. It follows
 * the menu button pattern: opening focuses the first item; the arrow keys, Home, End and an item's first
 * letter move between the items; Escape closes it and puts the focus back on the button; Tab closes it
 * and moves on; so does a click anywhere outside it. Choosing an item closes it too, the focus back on
 * the button (where a dialog the item opens returns it).
 */
export function HeaderUserMenuList({ id, buttonId, anchor, onClose, onLogout }: HeaderUserMenuListProps) {
  const list = useRef<HTMLUListElement>(null);
  const open = anchor !== null;

  // In the commit that shows the menu, so a key or a click that follows at once finds it ready.
  useLayoutEffect(() => {
    if (!anchor) return;
    list.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target instanceof Node ? event.target : null;
      // The button toggles the menu itself.
      if (target && (list.current?.contains(target) || anchor.contains(target))) return;
      onClose();
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [anchor, onClose]);

  if (!open) return null;

  const closeToButton = () => {
    anchor.focus();
    onClose();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = Array.from(list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const index = items.findIndex((item) => item === document.activeElement);
    const focus = (to: number) => {
      event.preventDefault();
      items[(to + items.length) % items.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return focus(index + 1);
      case 'ArrowUp':
        return focus(index < 0 ? items.length - 1 : index - 1);
      case 'Home':
        return focus(0);
      case 'End':
        return focus(items.length - 1);
      case 'Escape':
        // Only the menu closes: not a toast, nor anything else listening for Escape.
        event.preventDefault();
        event.stopPropagation();
        return closeToButton();
      case 'Tab':
        return onClose();
    }
    if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
    const letter = event.key.toLowerCase();
    const next = [...items.slice(index + 1), ...items.slice(0, index + 1)].find((item) =>
      item.textContent?.trim().toLowerCase().startsWith(letter),
    );
    if (next) {
      event.preventDefault();
      next.focus();
    }
  };

  return (
    <ul
      ref={list}
      id={id}
      role="menu"
      aria-labelledby={buttonId}
      className={styles.menu}
      onKeyDown={onKeyDown}
    >
      <MenuItem href="/client-detail" first onClick={closeToButton}>
        Your details
      </MenuItem>
      <MenuItem
        first={false}
        onClick={() => {
          closeToButton();
          onLogout();
        }}
      >
        Log out
      </MenuItem>
    </ul>
  );
}
