import { Fragment } from 'react';
import { PortalLink } from '@/shared/navigation/portal-link';
import { breadcrumbTrail } from './breadcrumb-trail';
import styles from './breadcrumbs.module.css';

export interface BreadcrumbsProps {
  pathname: string;
  /** Names for segments the label table does not know, e.g. `{ '42': 'Rex' }` on /pets/42. */
  names?: Readonly<Record<string, string>>;
}

/**
 * R2.15's breadcrumb labels as a trail; nothing on the dashboard itself, where it would be a lone crumb.
 * Drawn as Material's Breadcrumbs draws a short trail (a list, "/" between items, hidden from screen
 * readers), without its collapsing of long trails, which no trail here needs (decision 0039).
 */
export function Breadcrumbs({ pathname, names }: BreadcrumbsProps) {
  const trail = breadcrumbTrail(pathname, names);
  if (trail.length < 2) return null;
  return (
    <nav aria-label="Breadcrumb" className={styles.nav}>
      <ol className={styles.list}>
        {trail.map((crumb, index) => (
          <Fragment key={crumb.href}>
            {index > 0 && (
              <li aria-hidden className={styles.separator}>
                /
              </li>
            )}
            <li>
              {crumb.current ? (
                <p aria-current="page" className={styles.current}>
                  {crumb.label}
                </p>
              ) : (
                <PortalLink href={crumb.href} className={styles.link}>
                  {crumb.label}
                </PortalLink>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
