import { cx } from '@/shared/ui/cx';
import { PortalLink } from '@/shared/navigation/portal-link';
import styles from './header-navigation.module.css';
import { topNavigation } from './layout-constants';
import { navCurrent } from './nav-current';
import { UnreadCount } from './unread-count';

/** R2.5: the top navigation (desktop). The current item is bold and underlined, not only coloured. */
export function HeaderNavigation({
  pathname,
  unreadMessages,
}: {
  pathname: string;
  unreadMessages?: number;
}) {
  return (
    <nav aria-label="Main">
      <ul className={styles.list}>
        {topNavigation.map((item) => {
          const current = navCurrent(pathname, item.href);
          return (
            <li key={item.href}>
              <PortalLink
                href={item.href}
                aria-current={current}
                className={cx(styles.link, current && styles.current)}
              >
                {item.label}
                {item.href === '/messages' && <UnreadCount count={unreadMessages} />}
              </PortalLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
