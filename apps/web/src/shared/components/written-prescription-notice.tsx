import type { WrittenPrescriptionFees } from '@vet/contracts/prescription-rules';
import {
  writtenPrescriptionNotice,
  writtenPrescriptionNoticeTitle,
} from '@vet/contracts/written-prescription-notice';
import { cx } from '@/shared/ui/cx';
import styles from './written-prescription-notice.module.css';

/**
 * The written-prescription notice with the practice's fees (issue 62, decision 0148), where medicines
 * and bookings are discussed. A plain note, not a status region: it is there from the page's first
 * render, and a region would announce it again on every change of the page.
 */
export function WrittenPrescriptionNotice(props: { fees: WrittenPrescriptionFees; className?: string }) {
  return (
    <div className={cx(styles.notice, props.className)} data-testid="written-prescription-notice">
      <p className={styles.title}>{writtenPrescriptionNoticeTitle}</p>
      <p>{writtenPrescriptionNotice(props.fees)}</p>
    </div>
  );
}
