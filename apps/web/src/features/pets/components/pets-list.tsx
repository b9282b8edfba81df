import type { Pet } from '@vet/contracts/pets';
import { groupByLife } from '@vet/contracts/pet-rules';
import { useId, type ReactNode } from 'react';
import { GridWrapper } from '@/shared/components/grid-wrapper';
import { LoadError } from '@/shared/components/load-error';
import typography from '@/shared/ui/typography.module.css';
import { PetCard } from './pet-card';
import styles from './pets-list.module.css';

export interface PetsListProps {
  /** The client's pets in the API's order (by name, ties by id). */
  pets: readonly Pet[] | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  today: string;
  /** Offered when there are no pets: the ruled "Register a pet" action. */
  registerAction: ReactNode;
}

/**
 * The pets page's list: living pets as cards, in the API's order (R7.8), then, apart, the pets that have
 * died; the grid's three placeholders while loading (R2.22), a clear word and the way to register one
 * when there are none.
 */
export function PetsList({ pets, loading, error, onRetry, today, registerAction }: PetsListProps) {
  const deceasedHeadingId = useId();
  if (error) return <LoadError message="We could not load your pets." onRetry={onRetry} />;
  if (loading || !pets)
    return (
      <GridWrapper loading loadingLabel="Loading your pets">
        {null}
      </GridWrapper>
    );

  const { living, deceased } = groupByLife(pets);
  return (
    <>
      {living.length === 0 ? (
        <div className={styles.empty}>
          <p className={styles.emptyText}>
            {deceased.length === 0
              ? 'You have not registered any pets with us yet.'
              : 'You have no living pets registered with us.'}{' '}
            Register a pet to book appointments for them online.
          </p>
          {registerAction}
        </div>
      ) : (
        <GridWrapper loading={false}>
          {living.map((pet) => (
            <PetCard key={pet.petId} pet={pet} today={today} headingLevel="h2" />
          ))}
        </GridWrapper>
      )}
      {deceased.length > 0 && (
        <section aria-labelledby={deceasedHeadingId} className={styles.deceased}>
          <h2 id={deceasedHeadingId} className={typography.gutterBottom}>
            Pets no longer with us
          </h2>
          <GridWrapper loading={false}>
            {deceased.map((pet) => (
              <PetCard key={pet.petId} pet={pet} today={today} headingLevel="h3" />
            ))}
          </GridWrapper>
        </section>
      )}
    </>
  );
}
