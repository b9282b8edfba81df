'use client';

import type { ButtonHTMLAttributes, Ref } from 'react';
import buttonBase from './button-base.module.css';
import styles from './icon-button.module.css';
import { cx } from './cx';
import { useRipple } from './ripple';

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color'> {
  /** Its name: an icon says nothing to a screen reader. */
  'aria-label': string;
  color?: 'default' | 'inherit' | 'primary';
  size?: 'small' | 'medium' | 'large';
  /** Pulls the button out by its padding at the end (or start) of a row, as Material's `edge`. */
  edge?: 'start' | 'end' | false;
  ref?: Ref<HTMLButtonElement>;
}

/** A round button holding one icon (decision 0050), with a centred ripple (R9.15). */
export function IconButton({
  color = 'default',
  size = 'medium',
  edge = false,
  className,
  children,
  type = 'button',
  onPointerDown,
  ...rest
}: IconButtonProps) {
  const ripple = useRipple({ center: true });
  return (
    <button
      {...rest}
      type={type}
      className={cx(
        buttonBase.base,
        styles.root,
        color !== 'default' && styles[color],
        size !== 'medium' && styles[size],
        edge === 'start' && styles.edgeStart,
        edge === 'end' && styles.edgeEnd,
        className,
      )}
      onPointerDown={(event) => {
        ripple.onPointerDown(event);
        onPointerDown?.(event);
      }}
    >
      {children}
      {ripple.ripple}
    </button>
  );
}
