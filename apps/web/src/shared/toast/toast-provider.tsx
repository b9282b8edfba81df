'use client';

import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { AppAlert } from '@/shared/components/app-alert';
import { cx } from '@/shared/ui/cx';
import { siteHeaderId } from '@/shared/layout/layout-constants';
import { ToastContext, type ToastType } from './toast-context';
import styles from './toast-provider.module.css';

/** R9.2: the toast hides itself after 3000 ms. */
export const toastAutoHideMs = 3000;
/** After a pause (the pointer or the focus on it, the window in the background): this long again. */
export const toastResumeMs = toastAutoHideMs / 2;

/**
 * Where the header's visible part ends, as the CSS variable the toast's `top` adds its gap to (8px on
 * phones, 16px from 600px: toast-provider.module.css): the toast sits just below the header, never over
 * it (on a phone a toast at the top covered the brand, the emergency link and the hamburger, and a tap
 * there held it open), and at the top of the window once the header has scrolled away or on a page
 * without one (decision 0043).
 */
const headerBottomVariable = '--toast-header-bottom';

/** Keeps `element`'s header-bottom variable up to date while it is shown; returns the clean-up. */
function followHeader(element: HTMLElement): () => void {
  const place = () => {
    const bottom = document.getElementById(siteHeaderId)?.getBoundingClientRect().bottom ?? 0;
    element.style.setProperty(headerBottomVariable, `${Math.max(0, bottom)}px`);
  };
  place();
  window.addEventListener('scroll', place, { passive: true });
  window.addEventListener('resize', place);
  return () => {
    window.removeEventListener('scroll', place);
    window.removeEventListener('resize', place);
  };
}

interface ToastState {
  message: string;
  type: ToastType;
  /** A new key per toast restarts the timer when one message replaces another. */
  key: number;
}

/**
 * R4.13: one toast at a time with open, message and type; it auto-hides after 3 s and a click
 * elsewhere does not close it. Errors and warnings are announced assertively (role alert), success and
 * information politely (role status). It has a Close button, and Escape closes it too. The timer
 * pauses while the pointer or the focus is on it, or the window is in the background, and then gives
 * it half its time again, as Material UI's Snackbar did: this is the same behaviour without the
 * Snackbar's transition and click-away code (decision 0041).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ToastState | null>(null);
  const nextKey = useRef(0);

  const showToast = useCallback((message: string, type: ToastType) => {
    nextKey.current += 1;
    setToast({ message, type, key: nextKey.current });
  }, []);
  const api = useMemo(() => ({ showToast }), [showToast]);
  const dismiss = useCallback(() => setToast(null), []);

  return (
    <ToastContext.Provider value={api}>
      {children}
      {toast && <Toast key={toast.key} toast={toast} onClose={dismiss} />}
    </ToastContext.Provider>
  );
}

/** `onClose` is stable. */
function Toast({ toast, onClose }: { toast: ToastState; onClose: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pause = useCallback(() => clearTimeout(timer.current), []);
  const run = useCallback(
    (ms: number) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(onClose, ms);
    },
    [onClose],
  );
  const resume = useCallback(() => run(toastResumeMs), [run]);

  useEffect(() => {
    run(toastAutoHideMs);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    window.addEventListener('blur', pause);
    window.addEventListener('focus', resume);
    return () => {
      pause();
      document.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('blur', pause);
      window.removeEventListener('focus', resume);
    };
  }, [run, pause, resume, onClose]);

  // Before the first paint, so it never shows over the header first.
  useLayoutEffect(() => (box.current ? followHeader(box.current) : undefined), []);

  return (
    <div
      ref={box}
      onMouseEnter={pause}
      onMouseLeave={resume}
      onFocus={pause}
      onBlur={resume}
      className={styles.toast}
    >
      {/* AppAlert's roles: alert for errors and warnings, status for success and information. */}
      <AppAlert severity={toast.type} onClose={onClose} className={cx(styles.alert, styles[toast.type])}>
        {toast.message}
      </AppAlert>
    </div>
  );
}
