'use client';

import { ownershipSentence } from '@vet/contracts/practice-ownership';
import { WrittenPrescriptionNotice } from '@/shared/components/written-prescription-notice';
import { usePracticePrices } from '@/features/appointments/api/get-practice-prices';
import styles from './booking-practice-notices.module.css';

/**
 * What the CMA's remedies ask a booking to say about the practice (issue 62): who owns it (on the check
 * step, decision 0143) and that a written prescription may be asked for, at the practice's fee (decision
 * 0148). From the practice's prices, which the flow reads before it shows the step (no shift as they
 * arrive); a failed read says nothing rather than something wrong.
 */
export function BookingPracticeNotices(props: {
  practiceId: number;
  practiceName: string;
  /** The check step names the owner; the pages after it need not say it again. */
  ownership?: boolean;
}) {
  const prices = usePracticePrices(props.practiceId);
  if (!prices.data) return null;
  const { ownerName, writtenPrescriptionFees } = prices.data;
  return (
    <div className={styles.notices}>
      {props.ownership && ownerName && <p>{ownershipSentence(props.practiceName, ownerName)}</p>}
      <WrittenPrescriptionNotice fees={writtenPrescriptionFees} />
    </div>
  );
}
