import type { Pet } from '@vet/contracts/pets';
import { cx } from '@/shared/ui/cx';
import styles from './pet-status-chips.module.css';
import { StatusChip } from './status-chip';

/**
 * A pet's chips in a row: a rehomed or deceased pet's status, in the status's own word; a current pet's
 * wait for its initial consultation. The row stays, empty, when there is nothing to say.
 */
export function PetStatusChips(props: {
  pet: Pick<Pet, 'status' | 'awaitingInitialConsultation'>;
  /** Its place among its neighbours (margins). */
  className?: string;
}) {
  const { pet } = props;
  return (
    <div className={cx(styles.chips, props.className)}>
      {pet.status !== 'Active' ? (
        <StatusChip label={pet.status} variant="outlined" />
      ) : (
        pet.awaitingInitialConsultation && (
          <StatusChip label="Awaiting initial consultation" variant="outlined" />
        )
      )}
    </div>
  );
}
