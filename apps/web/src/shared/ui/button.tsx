'use client';

import type { ButtonHTMLAttributes, MouseEventHandler, ReactNode, Ref } from 'react';
import { PortalLink } from '@/shared/navigation/portal-link';
import { buttonClassName, type ButtonLook } from './button-class';
import styles from './button.module.css';
import { cx } from './cx';
import { useRipple } from './ripple';
import { Spinner } from './spinner';

export interface ButtonProps
  extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color' | 'onClick'>, Omit<ButtonLook, 'disabled'> {
  startIcon?: ReactNode;
  endIcon?: ReactNode;
  /** A link that looks like a button: the portal's pages through PortalLink, other sites as `<a>`. */
  href?: string;
  /** With `href`: open a page of another site (a plain `<a>`, no client-side move). */
  external?: boolean;
  /** With `href`: a file to save under this name (a plain `<a download>`). */
  download?: string;
  /** Busy: disabled, with a spinner over its label (which still names it). */
  loading?: boolean;
  onClick?: MouseEventHandler<HTMLButtonElement | HTMLAnchorElement>;
  ref?: Ref<HTMLButtonElement & HTMLAnchorElement>;
}

/**
 * The portal's button (decision 0050): Material's look in static CSS, with the ripple of R9.15. With
 * `href` it is a link; a disabled link is taken out of the Tab order and says it is disabled.
 */
export function Button(props: ButtonProps) {
  const {
    variant,
    color,
    size,
    fullWidth,
    startIcon,
    endIcon,
    href,
    external,
    download,
    className,
    children,
    disabled: disabledProp,
    loading = false,
    type = 'button',
    ...rest
  } = props;
  const disabled = disabledProp || loading;
  const { onPointerDown, ripple } = useRipple();
  const classes = cx(
    buttonClassName({ variant, color, size, fullWidth, disabled }),
    loading && styles.loading,
    className,
  );
  const content = (
    <>
      {startIcon && <span className={styles.startIcon}>{startIcon}</span>}
      {children}
      {endIcon && <span className={styles.endIcon}>{endIcon}</span>}
      {loading && (
        <span className={styles.loadingIndicator}>
          <Spinner size={16} color="inherit" />
        </span>
      )}
      {ripple}
    </>
  );
  if (href !== undefined) {
    const { ref, onClick, id, title, style, ...aria } = rest;
    const linkProps = {
      ref,
      id,
      title,
      style,
      onClick,
      className: classes,
      onPointerDown,
      ...pickAria(aria),
      ...(disabled ? { 'aria-disabled': true, tabIndex: -1 } : {}),
    };
    return external || download !== undefined ? (
      <a href={href} download={download} {...linkProps}>
        {content}
      </a>
    ) : (
      <PortalLink href={href} {...linkProps}>
        {content}
      </PortalLink>
    );
  }
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled}
      aria-busy={loading || rest['aria-busy'] || undefined}
      className={classes}
      onPointerDown={(event) => {
        onPointerDown(event);
        rest.onPointerDown?.(event);
      }}
    >
      {content}
    </button>
  );
}

/** The aria-* and data-* attributes of a props object, for a link rendered in place of a button. */
function pickAria(props: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(props).filter(([name]) => name.startsWith('aria-') || name.startsWith('data-')),
  );
}
