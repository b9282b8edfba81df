'use client';

import { useRef, type PointerEvent } from 'react';
import styles from './ripple.module.css';

/** R9.15: a ripple lasts 550 ms, and starts 80 ms after a touch (so that a scroll starts none). */
export const rippleDurationMs = 550;
export const rippleTouchDelayMs = 80;

/**
 * The ink ripple of a pressed button (R9.15), drawn straight into the DOM so a press renders nothing
 * in React. Returns the pointer handler for the button and the layer to put inside it. `center` starts
 * the ripple in the middle (icon buttons), else where the pointer went down.
 */
export function useRipple({ center = false }: { center?: boolean } = {}) {
  const layer = useRef<HTMLSpanElement>(null);
  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    const host = layer.current;
    if (!host || event.button !== 0) return;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const rect = host.getBoundingClientRect();
    const x = center ? rect.width / 2 : event.clientX - rect.left;
    const y = center ? rect.height / 2 : event.clientY - rect.top;
    const radius = center
      ? Math.sqrt((rect.width ** 2 + rect.height ** 2) / 4)
      : Math.hypot(Math.max(x, rect.width - x), Math.max(y, rect.height - y));
    let ink: HTMLSpanElement | null = null;
    const start = () => {
      ink = document.createElement('span');
      ink.className = styles.ink!;
      Object.assign(ink.style, {
        width: `${radius * 2}px`,
        height: `${radius * 2}px`,
        left: `${x - radius}px`,
        top: `${y - radius}px`,
      });
      host.appendChild(ink);
    };
    const touch = event.pointerType === 'touch';
    const timer = touch ? window.setTimeout(start, rippleTouchDelayMs) : undefined;
    if (!touch) start();
    const end = (cancelled: boolean) => {
      window.clearTimeout(timer);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onCancel);
      if (!ink && !cancelled) start();
      const released = ink;
      if (!released) return;
      released.classList.add(styles.leaving!);
      window.setTimeout(() => released.remove(), rippleDurationMs);
    };
    const onUp = () => end(false);
    const onCancel = () => end(true);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onCancel);
  };
  return {
    onPointerDown,
    ripple: <span ref={layer} className={styles.layer} aria-hidden="true" />,
  };
}
