import type { PracticePrices } from '@vet/contracts/practice-prices';
import type { OnlinePractice } from '@vet/contracts/practices';
import { StatusChip } from '@/shared/components/status-chip';
import { cx } from '@/shared/ui/cx';
import surface from '@/shared/ui/surface.module.css';
import typography from '@/shared/ui/typography.module.css';
import { TextLink } from '@/shared/ui/text-link';
import { PracticePhone } from '@/shared/components/practice-phone';
import { PriceList } from './price-list';
import styles from './practice-card.module.css';
import { ownedByText } from '@vet/contracts/practice-ownership';

/**
 * A practice of the list: name, address, phone, who owns it as the group records it and its price list
 * behind a native disclosure (decision 0104), so a card stays short and opens without scripts. Without
 * prices (the API did not give them) the card says they could not be shown.
 */
export function PracticeCard({
  practice,
  prices,
}: {
  practice: OnlinePractice;
  prices: PracticePrices | undefined;
}) {
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
        {prices?.ownerName && <p className={styles.owner}>{ownedByText(prices.ownerName)}</p>}
        <PracticePhone practice={practice} />
        {practice.onlineRegistrationAvailable ? null : (
          <StatusChip label="Online registration unavailable" size="small" className={styles.chip} />
        )}
        <details className={styles.prices}>
          <summary>
            Prices<span className="visually-hidden"> at {practice.name}</span>
          </summary>
          <PriceList list={prices?.priceList} />
        </details>
        <p className={styles.plans}>
          <TextLink href={`/plans?practiceId=${practice.id}`}>
            Health plans<span className="visually-hidden"> at {practice.name}</span>
          </TextLink>
        </p>
      </div>
    </article>
  );
}
