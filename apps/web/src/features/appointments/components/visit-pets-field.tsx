'use client';

import { useId } from 'react';
import { Checkbox, ChoiceLabel } from '@/shared/ui/choice';
import { cx } from '@/shared/ui/cx';
import typography from '@/shared/ui/typography.module.css';
import styles from '@/shared/ui/checkbox-group.module.css';

/**
 * "Bring other pets to the same visit" (decision 0117): a checkbox per other pet that may have the reason,
 * in a fieldset whose legend names the group; the pets ticked follow the first, in the list's order.
 */
export function VisitPetsField(props: {
  firstPetName: string;
  durationMinutes: number;
  pets: readonly { petId: number; name: string }[];
  value: readonly number[];
  onChange: (petIds: number[]) => void;
}) {
  const descriptionId = useId();
  const { pets, value } = props;
  return (
    <fieldset className={styles.group} aria-describedby={descriptionId}>
      <legend className={styles.legend}>Bring other pets to the same visit</legend>
      <p id={descriptionId} className={cx(typography.secondary, styles.description)}>
        Each pet has its own {props.durationMinutes}-minute appointment, one after another with the same{' '}
        clinician, starting with {props.firstPetName}.
      </p>
      <div className={styles.choices}>
        {pets.map((pet) => (
          <ChoiceLabel
            key={pet.petId}
            label={pet.name}
            className={styles.choice}
            control={
              <Checkbox
                name="withPetIds"
                value={pet.petId}
                checked={value.includes(pet.petId)}
                onChange={(event) =>
                  props.onChange(
                    pets
                      .map((candidate) => candidate.petId)
                      .filter((id) => (id === pet.petId ? event.target.checked : value.includes(id))),
                  )
                }
              />
            }
          />
        ))}
      </div>
    </fieldset>
  );
}
