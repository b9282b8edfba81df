import { SkipLink } from '@/shared/components/skip-link';
import { mainContentId } from './layout-constants';
import type { FrameProps } from './portal-shell';
import styles from './portal-shell.module.css';

/**
 * The frame of the maintenance page (MAINTENANCE=on, decision 0073): the portal shell's column without
 * the header (R2.12 hides it on /maintenance), and with nothing that needs a session, the API or the
 * database, which may be what the maintenance is about.
 */
export function MaintenanceFrame({ footer, children }: Omit<FrameProps, 'brandName' | 'links'>) {
  return (
    <div className={styles.frame}>
      <SkipLink targetId={mainContentId} />
      <main id={mainContentId} tabIndex={-1} className={styles.main}>
        {children}
      </main>
      {footer}
    </div>
  );
}
