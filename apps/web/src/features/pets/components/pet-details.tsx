import type { Pet } from '@vet/contracts/pets';
import { Fragment } from 'react';
import { formatCalendarDate, petAge } from '@/features/pets/pet-dates';
import { TitledSection } from '@/shared/components/titled-section';
import { cx } from '@/shared/ui/cx';
import termList from '@/shared/ui/term-list.module.css';
import styles from './pet-details.module.css';

const notRecorded = 'Not recorded';

/** The microchip number in the groups a certificate prints it in: 941 000 024 680 135. */
export function groupedMicrochip(number: string): string {
  return number.replace(/^(\d{3})(\d{3})(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3 $4 $5');
}

function dateOfBirthText(pet: Pet, today: string): string {
  if (!pet.dateOfBirth) return notRecorded;
  const date = formatCalendarDate(pet.dateOfBirth);
  return pet.status === 'Active' ? `${date} (${petAge(pet.dateOfBirth, today)} old)` : date;
}

/** What the practice holds about the pet (R3.5), as a list of terms and values. */
export function PetDetails({ pet, today }: { pet: Pet; today: string }) {
  const rows: [string, string][] = [
    ['Species', pet.speciesName],
    ['Breed', pet.breedName ?? notRecorded],
    ['Colour', pet.colourName ?? notRecorded],
    // Unknown: the practice's system has no sex for the pet (a client always gives one).
    ['Sex', pet.sex === 'Unknown' ? notRecorded : pet.sex],
    ['Neutered', pet.neutered ? 'Yes' : 'No'],
    ['Date of birth', dateOfBirthText(pet, today)],
    ['Microchip number', pet.microchipNumber ? groupedMicrochip(pet.microchipNumber) : notRecorded],
    ['Insurer', pet.insurerName ?? 'None recorded'],
    ['Policy number', pet.policyNumber ?? notRecorded],
  ];
  return (
    <TitledSection title="Details">
      <dl className={cx(termList.list, styles.list)}>
        {rows.map(([term, value]) => (
          <Fragment key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
    </TitledSection>
  );
}
