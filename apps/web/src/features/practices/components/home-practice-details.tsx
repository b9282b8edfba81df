import { homePracticeClosureDays, type HomePractice } from '@vet/contracts/home-practice';
import { useId, type ReactNode } from 'react';
import { StatusChip } from '@/shared/components/status-chip';
import { telephoneHref } from '@/shared/telephone-href';
import { cx } from '@/shared/ui/cx';
import surface from '@/shared/ui/surface.module.css';
import { TextLink } from '@/shared/ui/text-link';
import { describeClosure, openingWeek, type OpeningDay } from '@/features/practices/opening-week';
import { PracticePhone } from '@/shared/components/practice-phone';
import { PriceList } from './price-list';
import styles from './home-practice-details.module.css';
import { ownedByText } from '@vet/contracts/practice-ownership';

export interface HomePracticeDetailsProps {
  practice: HomePractice;
  /** Today on the practice's calendar (YYYY-MM-DD), as the server rendered the page. */
  today: string;
  /** The provider's 24-hour emergency vets page (the header's link, R2.13). */
  emergencyHref: string;
}

/** A link to OpenStreetMap's search for the address: a link only, nothing of the map loads here. */
export function mapSearchHref(practice: Pick<HomePractice, 'addressLine1' | 'town' | 'postcode'>): string {
  const query = [practice.addressLine1, practice.town, practice.postcode].join(', ');
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}`;
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={cx(surface.outlined, styles.card)}>
      <h2 id={id} className={styles.title}>
        {title}
      </h2>
      {children}
    </section>
  );
}

const withReason = (text: string, reason: string | null) => (reason ? `${text} (${reason})` : text);

function DayHours({ day }: { day: OpeningDay }) {
  if (!day.hours) return <>Closed</>;
  const usual = `${day.hours.opens} to ${day.hours.closes}`;
  if (day.closedAllDay) {
    return (
      <>
        <strong>{withReason('Closed today', day.closedAllDay.reason)}</strong>
        <span className={styles.usual}>Usually {usual}</span>
      </>
    );
  }
  return (
    <>
      {usual}
      {day.closedParts.map((part) => (
        <strong key={`${part.from}-${part.to}`} className={styles.part}>
          {withReason(`Closed ${part.from} to ${part.to} today`, part.reason)}
        </strong>
      ))}
    </>
  );
}

/**
 * Your practice (R2.33): the home practice's address with a map link, its phone to tap, its week
 * Monday first with today marked and today's closures on it, the closures ahead, and the 24-hour
 * emergency vets. Times are the practice's, in UK time (decision 0055).
 */
export function HomePracticeDetails({ practice, today, emergencyHref }: HomePracticeDetailsProps) {
  const week = openingWeek(practice.openingHours, practice.closures, today);
  const addressLines = [
    practice.addressLine1,
    practice.addressLine2,
    practice.town,
    practice.county,
    practice.postcode,
  ].filter((line): line is string => Boolean(line));
  return (
    <div className={styles.grid}>
      <Card title={practice.name}>
        <address className={styles.address}>
          {addressLines.map((line, index) => (
            // Two lines may read the same (a district named as its town): keyed by place.
            <span key={index}>{line}</span>
          ))}
        </address>
        {practice.ownerName && <p>{ownedByText(practice.ownerName)}</p>}
        <PracticePhone practice={practice} />
        <p>
          <TextLink href={mapSearchHref(practice)} external target="_blank" rel="noopener noreferrer">
            Find it on OpenStreetMap <span className={styles.note}>(opens in a new tab)</span>
          </TextLink>
        </p>
      </Card>
      <Card title="Opening hours">
        <table className={styles.hours}>
          <caption className="visually-hidden">Opening hours, Monday to Sunday, in UK time</caption>
          <tbody>
            {week.map((day) => (
              <tr
                key={day.dayOfWeek}
                className={day.today ? styles.today : undefined}
                aria-current={day.today ? 'date' : undefined}
              >
                <th scope="row">
                  {day.name}
                  {day.today && <StatusChip label="Today" size="small" className={styles.chip} />}
                </th>
                <td>
                  <DayHours day={day} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className={styles.note}>Times are UK time.</p>
      </Card>
      <Card title={`Closures in the next ${homePracticeClosureDays / 7} weeks`}>
        {practice.closures.length === 0 ? (
          <p>No closures are planned.</p>
        ) : (
          <ul className={styles.closures}>
            {practice.closures.map((closure) => (
              <li key={`${closure.startsAt}-${closure.endsAt}`}>
                <span className={styles.when}>{describeClosure(closure)}</span>
                {closure.reason && <span>{closure.reason}</span>}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title="Prices">
        <PriceList list={practice.priceList} />
      </Card>
      <Card title="In an emergency">
        <p>
          If your pet needs urgent help, call your practice on{' '}
          <TextLink href={telephoneHref(practice.phone)} external>
            {practice.phone}
          </TextLink>
          . When it is closed, our 24-hour emergency vets can help.
        </p>
        <p>
          <TextLink href={emergencyHref} external target="_blank" rel="noopener noreferrer">
            24-hour emergency vets <span className={styles.note}>(opens in a new tab)</span>
          </TextLink>
        </p>
      </Card>
    </div>
  );
}
