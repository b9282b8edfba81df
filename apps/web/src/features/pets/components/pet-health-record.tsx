'use client';

import type { DueVaccination, PetHealthRecord as Record } from '@vet/contracts/pet-health-record';
import type { Pet } from '@vet/contracts/pets';
import { useId } from 'react';
import { formatCalendarDate } from '@/features/pets/pet-dates';
import { LoadError } from '@/shared/components/load-error';
import { Button } from '@/shared/ui/button';
import { cx } from '@/shared/ui/cx';
import { Skeleton } from '@/shared/ui/skeleton';
import card from '@/shared/ui/card.module.css';
import surface from '@/shared/ui/surface.module.css';
import typography from '@/shared/ui/typography.module.css';
import { groupedMicrochip } from './pet-details';
import styles from './pet-health-record.module.css';

function DueItem({ due, today }: { due: DueVaccination; today: string }) {
  const when =
    due.dueOn === today ? 'Due today' : `${due.overdue ? 'Was due' : 'Due'} ${formatCalendarDate(due.dueOn)}`;
  return (
    <li className={cx(styles.dueItem, due.overdue && styles.overdueItem)}>
      <span className={styles.vaccine}>{due.vaccine}</span>
      <span className={styles.when}>
        {/* Said in words, not by colour alone. */}
        {due.overdue && <strong className={styles.overdue}>Overdue</strong>}
        <span>{when}</span>
      </span>
      <span className={cx(styles.last, typography.secondary)}>
        Last given {formatCalendarDate(due.lastGivenOn)}
      </span>
    </li>
  );
}

/** What heads the printed record (hidden on screen): the practice, the pet and its microchip. */
function PrintedHeading({ pet, record }: { pet: Pet; record: Record }) {
  const rows: [string, string][] = [
    ['Pet', pet.name],
    ['Species', [pet.speciesName, pet.breedName].filter(Boolean).join(', ')],
    ['Date of birth', pet.dateOfBirth ? formatCalendarDate(pet.dateOfBirth) : 'Not recorded'],
    ['Microchip number', pet.microchipNumber ? groupedMicrochip(pet.microchipNumber) : 'Not recorded'],
  ];
  return (
    <div className={styles.printOnly} data-testid="printed-heading">
      <p className={styles.practice}>{record.practice.name}</p>
      <p className={typography.secondary}>Telephone {record.practice.phone}</p>
      <p className={styles.printTitle}>Vaccination record</p>
      <dl className={styles.petFacts}>
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className={typography.secondary}>
        From the practice’s records on {formatCalendarDate(record.today)}.
      </p>
    </div>
  );
}

export interface PetHealthRecordProps {
  pet: Pet;
  record: Record | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
}

/**
 * A pet's vaccinations (R2.40, decision 0081): those due, soonest first, with the overdue marked in words,
 * and every dose given, newest first. Printed, it is the page: one A4 sheet headed by the practice's name and
 * the pet's microchip, for kennels and travel (decision 0081).
 */
export function PetHealthRecord({ pet, record, loading, error, onRetry }: PetHealthRecordProps) {
  const headingId = useId();
  const dueId = useId();
  const givenId = useId();
  if (error) return <LoadError message="We could not load this pet’s vaccinations." onRetry={onRetry} />;
  if (loading || !record) {
    return (
      <>
        <p role="status" className="visually-hidden">
          Loading vaccinations
        </p>
        <Skeleton variant="rounded" height={160} />
      </>
    );
  }
  const current = pet.status === 'Active';
  return (
    <section aria-labelledby={headingId} className={cx(surface.outlined, card.padded, styles.section)}>
      <PrintedHeading pet={pet} record={record} />
      <div className={card.headingRow}>
        <h2 id={headingId}>Vaccinations</h2>
        {record.given.length > 0 && (
          <Button variant="outlined" className={styles.screenOnly} onClick={() => window.print()}>
            Print vaccination record
          </Button>
        )}
      </div>
      {current && (
        <>
          <h3 id={dueId} className={styles.subheading}>
            Due
          </h3>
          {record.due.length === 0 ? (
            <p>No vaccinations due.</p>
          ) : (
            <ul aria-labelledby={dueId} className={styles.list}>
              {record.due.map((due) => (
                <DueItem key={due.vaccine} due={due} today={record.today} />
              ))}
            </ul>
          )}
        </>
      )}
      <h3 id={givenId} className={styles.subheading}>
        Given
      </h3>
      {record.given.length === 0 ? (
        <p>The practice has not recorded any vaccinations for {pet.name}.</p>
      ) : (
        <table aria-labelledby={givenId} className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Vaccine</th>
              <th scope="col">Given</th>
              <th scope="col">Valid until</th>
            </tr>
          </thead>
          <tbody>
            {record.given.map((dose) => (
              <tr key={dose.vaccinationId}>
                <td>{dose.vaccine}</td>
                <td className={styles.date}>{formatCalendarDate(dose.givenOn)}</td>
                <td className={styles.date}>
                  {dose.dueOn ? formatCalendarDate(dose.dueOn) : 'Not recorded'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
