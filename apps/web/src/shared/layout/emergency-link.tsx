import { cx } from '@/shared/ui/cx';
import { LocalHospitalIcon } from '@/shared/ui/icons';
import styles from './emergency-link.module.css';

export const emergencyLinkText = '24-hour emergency vets';

/**
 * R2.13: the header links to the provider's 24-hour emergency vet page. It opens in a new tab so a
 * half-finished form here is not lost, and says so.
 */
export function EmergencyLink({ href, compact = false }: { href: string; compact?: boolean }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={cx(styles.link, compact && styles.compact)}
    >
      <LocalHospitalIcon fontSize="small" />
      <span className={compact ? 'visually-hidden' : undefined}>{emergencyLinkText}</span>
      <span className="visually-hidden">(opens in a new tab)</span>
    </a>
  );
}
