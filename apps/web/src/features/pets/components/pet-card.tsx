import type { Pet } from '@vet/contracts/pets';
import { useId } from 'react';
import { petAge } from '@/features/pets/pet-dates';
import { StatusChip } from '@/shared/components/status-chip';
import { cx } from '@/shared/ui/cx';
import surface from '@/shared/ui/surface.module.css';
import { TextLink } from '@/shared/ui/text-link';
import typography from '@/shared/ui/typography.module.css';
import styles from './pet-card.module.css';

export interface PetCardProps {
  pet: Pet;
  /** YYYY-MM-DD on the practices' calendar, for the age. */
  today: string;
  headingLevel: 'h2' | 'h3';
}

/** One pet in the list: its name links to its page; what it is, how old, and whether it awaits a first visit. */
export function PetCard({ pet, today, headingLevel: Heading }: PetCardProps) {
  const headingId = useId();
  const kind = [pet.speciesName, pet.breedName].filter(Boolean).join(' · ');
  const living = pet.status === 'Active';
  return (
    <article aria-labelledby={headingId} className={cx(surface.outlined, styles.card)}>
      <Heading id={headingId} className={typography.h3}>
        <TextLink href={`/pets/${pet.petId}`}>{pet.name}</TextLink>
      </Heading>
      <p className={typography.secondary}>{kind}</p>
      {living && pet.dateOfBirth && <p>{petAge(pet.dateOfBirth, today)} old</p>}
      {pet.awaitingInitialConsultation && living && (
        <div className={styles.chip}>
          <StatusChip label="Awaiting initial consultation" variant="outlined" />
        </div>
      )}
    </article>
  );
}
