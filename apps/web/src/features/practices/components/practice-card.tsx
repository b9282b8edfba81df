import type { OnlinePractice } from '@vet/contracts/practices';
import { StatusChip } from '@/shared/components/status-chip';
import { cx } from '@/shared/ui/cx';
import surface from '@/shared/ui/surface.module.css';
import typography from '@/shared/ui/typography.module.css';
import { PracticePhone } from './practice-phone';
import styles from './practice-card.module.css';

export function PracticeCard({ practice }: { practice: OnlinePractice }) {
  const headingId = `practice-${practice.id}-name`;
  return (
    <article aria-labelledby={headingId} className={cx(surface.outlined, styles.card)}>
      <div className={styles.content}>
        <h2 id={headingId} className={cx(typography.h3, typography.gutterBottom)}>
          {practice.name}
        </h2>
        <address className={styles.address}>
          {practice.addressLine1}
          <br />
          {practice.addressLine2 ? (
            <>
              {practice.addressLine2}
              <br />
            </>
          ) : null}
          {practice.town}
          <br />
          {practice.postcode}
        </address>
        <PracticePhone practice={practice} />
        {practice.onlineRegistrationAvailable ? null : (
          <StatusChip label="Online registration unavailable" size="small" className={styles.chip} />
        )}
      </div>
    </article>
  );
}
