'use client';

import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import styles from './dialog.module.css';
import { cx } from './cx';

export interface DialogProps {
  open: boolean;
  /** Escape was pressed (or, with `closeOnBackdrop`, the dimmed page was clicked). */
  onClose: (reason: 'escape' | 'backdrop') => void;
  /** R2.26: a click on the dimmed page closes no confirmation; the drawer opts in. */
  closeOnBackdrop?: boolean;
  /**
   * Keeps the content rendered while closed (hidden with the closed dialog): a link followed from it
   * lives on to report its navigation (the progress bar, decision 0047) after the tap closes it.
   */
  keepMounted?: boolean;
  role?: 'dialog' | 'alertdialog';
  id?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  'aria-label'?: string;
  className?: string;
  children: ReactNode;
}

/**
 * A modal dialog on the browser's own `<dialog>` (decision 0050): `showModal()` puts it above the page,
 * makes the page inert (focus stays inside, screen readers see only the dialog) and turns Escape into a
 * `cancel` event, which this hands to `onClose` instead of closing on its own. Opening focuses the dialog
 * itself, so a screen reader reads its title first and no button is pressed by a stray Enter; closing
 * puts the focus back where it was. Its content is rendered only while it is open, unless kept mounted.
 */
export function Dialog({
  open,
  onClose,
  closeOnBackdrop = false,
  keepMounted = false,
  className,
  children,
  ...aria
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    dialog.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, [open]);
  const onBackdropClick = (event: MouseEvent<HTMLDialogElement>) => {
    // A click on the ::backdrop is a click on the <dialog> itself, outside its box.
    if (!closeOnBackdrop || event.target !== event.currentTarget) return;
    const box = event.currentTarget.getBoundingClientRect();
    const inside =
      event.clientX >= box.left &&
      event.clientX <= box.right &&
      event.clientY >= box.top &&
      event.clientY <= box.bottom;
    if (!inside) onClose('backdrop');
  };
  return (
    <dialog
      ref={ref}
      {...aria}
      tabIndex={-1}
      className={cx(styles.dialog, className)}
      onCancel={(event) => {
        event.preventDefault();
        onClose('escape');
      }}
      onClose={() => {
        // The browser may close a dialog itself (a second Escape with no click between): follow it.
        if (open) onCloseRef.current('escape');
      }}
      onClick={onBackdropClick}
      onKeyDown={(event) => {
        // Escape is this dialog's (its cancel): not also the page's, where it would close the toast.
        if (event.key === 'Escape') event.stopPropagation();
      }}
    >
      {(open || keepMounted) && children}
    </dialog>
  );
}
