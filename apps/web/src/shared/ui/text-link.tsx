import type { AnchorHTMLAttributes, Ref } from 'react';
import { PortalLink } from '@/shared/navigation/portal-link';
import styles from './text-link.module.css';
import { cx } from './cx';

export interface TextLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color'> {
  href: string;
  color?: 'primary' | 'secondary' | 'inherit' | 'textPrimary';
  /** A page of another site (or a tel:/mailto: address): a plain `<a>`, no client-side move. */
  external?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

/** The portal's text link (decision 0050): the portal's pages move through PortalLink. */
export function TextLink({ color = 'primary', external = false, className, ...props }: TextLinkProps) {
  const classes = cx(styles.root, color !== 'primary' && styles[color], className);
  const offSite = external || !props.href.startsWith('/');
  return offSite ? <a {...props} className={classes} /> : <PortalLink {...props} className={classes} />;
}
