import { microchipDigits, oldestPetAgeYears, petNameMaxLength, policyNumberMaxLength } from './pet-rules.ts';

// Apart from pet-rules.ts: the browser needs these only with the form's schema, which loads when first
// needed (decision 0033), while the pages load pet-rules.ts itself. `./pets.ts` re-exports it.
/** What the form and the API say about each field, in plain words (R5.9). */
export const petFieldMessages = {
  nameRequired: 'Enter your pet’s name.',
  nameTooLong: `Your pet’s name must be ${petNameMaxLength} characters or fewer.`,
  speciesRequired: 'Choose your pet’s species.',
  speciesUnknown: 'Choose a species from the list.',
  breedRequired: 'Choose your pet’s breed.',
  breedOfOtherSpecies: 'Choose a breed from the list for this species.',
  colourRequired: 'Choose your pet’s colour.',
  colourOfOtherBreed: 'Choose a colour from the list for this breed.',
  colourWithoutBreed: 'Choose the breed before the colour.',
  sexRequired: 'Choose whether your pet is male or female.',
  neuteredRequired: 'Choose whether your pet is neutered.',
  dateOfBirthRequired: 'Enter your pet’s date of birth. If you are not sure, an estimate is fine.',
  dateOfBirthInvalid: 'Enter a real date, for example 2021-03-15.',
  dateOfBirthInFuture: 'The date of birth cannot be in the future.',
  dateOfBirthTooOld: `The date of birth cannot be more than ${oldestPetAgeYears} years ago. Check the year.`,
  microchipDigitsOnly: 'A microchip number has digits only: no letters or other characters.',
  microchipLength: (length: number) =>
    `A microchip number has exactly ${microchipDigits} digits. You entered ${length}.`,
  insurerUnknown: 'Choose an insurer from the list.',
  insurerForPolicy: 'Choose the insurer of this policy, or clear the policy number.',
  policyNumberTooLong: `A policy number must be ${policyNumberMaxLength} characters or fewer.`,
  policyNumberCharacters:
    'A policy number can only have letters, numbers, spaces, hyphens (-), slashes (/) and dots.',
} as const;
