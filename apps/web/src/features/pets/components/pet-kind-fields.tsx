'use client';

import type { Breed, Colour, Species } from '@vet/contracts/lookups';
import { AutocompleteField } from '@/shared/components/autocomplete-field';
import type { BoundField } from '@/shared/forms/use-zod-form';

type IdField = BoundField<number | null> | BoundField<number | null | undefined>;

/** A lookup list as the fields need it: undefined while it has not loaded (or is not asked for yet). */
export interface PetKindLists {
  species: readonly Species[] | undefined;
  breeds: readonly Breed[] | undefined;
  colours: readonly Colour[] | undefined;
}

export interface PetKindFieldsProps {
  species: IdField;
  breed: IdField;
  colour: IdField;
  lists: PetKindLists;
  /** A new species empties breed and colour; a new breed empties colour. */
  onSpeciesChange: (speciesId: number | null) => void;
  onBreedChange: (breedId: number | null) => void;
}

// Defined once, so the breed field keys its options once per list (AutocompleteField's getOptionSynonyms).
const breedName = (breed: Breed) => breed.name;
const breedSynonyms = (breed: Breed) => breed.synonyms;

const byId = <T,>(options: readonly T[] | undefined, id: number | null | undefined, key: keyof T) =>
  options?.find((option) => option[key] === id) ?? null;

/**
 * Species, then its breeds (asked for only once a species is chosen), then the breed's colours (only
 * once a breed is chosen): R7.7. A species without breeds, or a breed without colours, hides the next
 * field rather than asking for a choice that does not exist.
 */
export function PetKindFields({
  species,
  breed,
  colour,
  lists,
  onSpeciesChange,
  onBreedChange,
}: PetKindFieldsProps) {
  const chosenSpecies = species.value ?? null;
  const chosenBreed = breed.value ?? null;
  const noBreeds = chosenSpecies !== null && lists.breeds?.length === 0;
  const noColours = noBreeds || (chosenBreed !== null && lists.colours?.length === 0);
  return (
    <>
      <AutocompleteField<Species>
        label="Species"
        name={species.name}
        options={lists.species ?? []}
        loading={lists.species === undefined}
        value={byId(lists.species, chosenSpecies, 'speciesId')}
        onChange={(next) => onSpeciesChange(next?.speciesId ?? null)}
        onBlur={species.onBlur}
        getOptionLabel={(option) => option.name}
        isOptionEqualToValue={(option, value) => option.speciesId === value.speciesId}
        errorText={species.errorText}
        touched={species.touched}
      />
      {!noBreeds && (
        <AutocompleteField<Breed>
          label="Breed"
          name={breed.name}
          options={lists.breeds ?? []}
          disabled={chosenSpecies === null}
          loading={chosenSpecies !== null && lists.breeds === undefined}
          value={byId(lists.breeds, chosenBreed, 'breedId')}
          onChange={(next) => onBreedChange(next?.breedId ?? null)}
          onBlur={breed.onBlur}
          getOptionLabel={breedName}
          getOptionSynonyms={breedSynonyms}
          isOptionEqualToValue={(option, value) => option.breedId === value.breedId}
          errorText={breed.errorText}
          touched={breed.touched}
        />
      )}
      {!noColours && (
        <AutocompleteField<Colour>
          label="Colour"
          name={colour.name}
          options={lists.colours ?? []}
          disabled={chosenBreed === null}
          loading={chosenBreed !== null && lists.colours === undefined}
          value={byId(lists.colours, colour.value, 'colourId')}
          onChange={(next) => colour.onChange(next?.colourId ?? null)}
          onBlur={colour.onBlur}
          getOptionLabel={(option) => option.name}
          isOptionEqualToValue={(option, value) => option.colourId === value.colourId}
          errorText={colour.errorText}
          touched={colour.touched}
        />
      )}
    </>
  );
}
