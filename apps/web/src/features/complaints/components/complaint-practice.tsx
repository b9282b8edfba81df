import { PracticePhone } from '@/shared/components/practice-phone';
import { cx } from '@/shared/ui/cx';
import surface from '@/shared/ui/surface.module.css';
import typography from '@/shared/ui/typography.module.css';
import styles from './complaints-content.module.css';
import { ownershipSentence } from '@vet/contracts/practice-ownership';

/** What the page shows of a practice: where to send a complaint, and who owns it (decision 0104). */
export interface ComplaintPractice {
  id: number;
  name: string;
  phone: string;
  addressLine1: string;
  addressLine2: string | null;
  town: string;
  postcode: string;
  ownerName: string | null;
}

/** One practice's complaints contact: its phone, its address for a letter, its owner. */
export function ComplaintPracticeCard({ practice }: { practice: ComplaintPractice }) {
  const headingId = `complaints-practice-${practice.id}`;
  return (
    <article aria-labelledby={headingId} className={cx(surface.outlined, styles.card)}>
      <h3 id={headingId} className={cx(typography.h3, typography.gutterBottom)}>
        {practice.name}
      </h3>
      <PracticePhone practice={practice} />
      <p>Write to the practice manager at:</p>
      <address className={styles.address}>
        {[practice.addressLine1, practice.addressLine2, practice.town, practice.postcode]
          .filter((line): line is string => Boolean(line))
          .map((line, index) => (
            <span key={index} className={styles.line}>
              {line}
            </span>
          ))}
      </address>
      {practice.ownerName && <p>{ownershipSentence(practice.name, practice.ownerName)}</p>}
    </article>
  );
}
