import type { Pet } from '@vet/contracts/pets';
import { groupByStatus } from '@vet/contracts/pet-rules';
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

/** Why there is no current pet to show, true of the pets there were. */
function emptyText({ rehomed, deceased }: { rehomed: readonly Pet[]; deceased: readonly Pet[] }): string {
  if (rehomed.length > 0) return 'You have no current pets registered with us.';
  if (deceased.length > 0) return 'You have no living pets registered with us.';
  return 'You have not registered any pets with us yet.';
}

/** Pets no longer the client's, apart under their heading, in the API's order. */
function PastPets({ heading, pets, today }: { heading: string; pets: readonly Pet[]; today: string }) {
  const headingId = useId();
  if (pets.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className={styles.apart}>
      <h2 id={headingId} className={typography.gutterBottom}>
        {heading}
      </h2>
      <GridWrapper loading={false}>
        {pets.map((pet) => (
          <PetCard key={pet.petId} pet={pet} today={today} headingLevel="h3" />
        ))}
      </GridWrapper>
    </section>
  );
}

/**
 * The pets page's list: the client's current pets as cards, in the API's order (R7.8), then, apart, those
 * rehomed and those that have died; the grid's three placeholders while loading (R2.22), a clear word and
 * the way to register one when there are none.
 */
export function PetsList({ pets, loading, error, onRetry, today, registerAction }: PetsListProps) {
  if (error) return <LoadError message="We could not load your pets." onRetry={onRetry} />;
  if (loading || !pets)
    return (
      <GridWrapper loading loadingLabel="Loading your pets">
        {null}
      </GridWrapper>
    );

  const { active, rehomed, deceased } = groupByStatus(pets);
  return (
    <>
      {active.length === 0 ? (
        <div className={styles.empty}>
          <p className={styles.emptyText}>
            {emptyText({ rehomed, deceased })} Register a pet to book appointments for them online.
          </p>
          {registerAction}
        </div>
      ) : (
        <GridWrapper loading={false}>
          {active.map((pet) => (
            <PetCard key={pet.petId} pet={pet} today={today} headingLevel="h2" />
          ))}
        </GridWrapper>
      )}
      <PastPets heading="Rehomed pets" pets={rehomed} today={today} />
      <PastPets heading="Pets no longer with us" pets={deceased} today={today} />
    </>
  );
}
