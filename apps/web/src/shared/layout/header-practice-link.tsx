import { PortalLink } from '@/shared/navigation/portal-link';
import styles from './header-practice-link.module.css';

/**
 * The header's practice name (R2.33): the signed-in client's home practice, a link to Your practice
 * (its address, phone, hours and closures).
 */
export function HeaderPracticeLink({ name, current }: { name: string; current: boolean }) {
  return (
    <PortalLink href="/your-practice" className={styles.link} aria-current={current ? 'page' : undefined}>
      <span className="visually-hidden">Your practice:</span> {name}
    </PortalLink>
  );
}
