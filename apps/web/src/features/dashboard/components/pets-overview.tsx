import type { Pet } from '@vet/contracts/pets';
import { groupByStatus } from '@vet/contracts/pet-rules';
import { useId } from 'react';
import { GridWrapper } from '@/shared/components/grid-wrapper';
import { LoadError } from '@/shared/components/load-error';
import { PetStatusChips } from '@/shared/components/pet-status-chips';
import { cx } from '@/shared/ui/cx';
import surface from '@/shared/ui/surface.module.css';
import { TextLink } from '@/shared/ui/text-link';
import typography from '@/shared/ui/typography.module.css';
import styles from './pets-overview.module.css';

export interface PetsOverviewProps {
  /**
   * The client's pets, by name; undefined when they could not be loaded (the dashboard, drawn on the
   * server, is loaded again to retry).
   */
  pets: readonly Pet[] | undefined;
}

function PetCard({ pet }: { pet: Pet }) {
  const headingId = useId();
  const kind = [pet.speciesName, pet.breedName].filter(Boolean).join(' · ');
  return (
    <article aria-labelledby={headingId} className={cx(surface.outlined, styles.card)}>
      <h3 id={headingId}>
        <TextLink href={`/pets/${pet.petId}`}>{pet.name}</TextLink>
      </h3>
      <p className={cx(typography.secondary, styles.kind)}>{kind}</p>
      <PetStatusChips pet={pet} className={styles.chips} />
    </article>
  );
}

/**
 * The client's current pets first, each group by name as given; a rehomed pet, then a deceased one, stays,
 * marked, at the end.
 */
function dashboardOrder(pets: readonly Pet[]): Pet[] {
  const { active, rehomed, deceased } = groupByStatus(pets);
  return [...active, ...rehomed, ...deceased];
}

/** The client's pets as cards linking to each pet's page. */
export function PetsOverview({ pets }: PetsOverviewProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <div className={styles.header}>
        <h2 id={headingId}>Your pets</h2>
        <TextLink href="/pets">See all your pets</TextLink>
      </div>
      {!pets ? (
        <LoadError message="We could not load your pets." retryHref="/" />
      ) : pets.length === 0 ? (
        <p>You have not registered any pets with us yet.</p>
      ) : (
        <GridWrapper loading={false} minColumnWidth={240}>
          {dashboardOrder(pets).map((pet) => (
            <PetCard key={pet.petId} pet={pet} />
          ))}
        </GridWrapper>
      )}
    </section>
  );
}
