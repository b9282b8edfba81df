import type { speciesCodes } from '@vet/contracts/lookups';
import { readReferenceData } from '../../reference/reference-files.ts';

/**
 * The names the demo's and the benchmark's records are drawn from, read from the reference lists
 * (decision 0096), so they write what a practice system would and the lists hold it. Nothing here is
 * loaded: `npm run lists` (loadReferenceLists) loads the lists themselves.
 */

const data = readReferenceData();

export const SALUTATION_NAMES: readonly string[] = data.salutations.entries.map((e) => e.name);
export const INSURER_NAMES: readonly string[] = data.insurers.entries.map((e) => e.name);

export interface PetKind {
  name: string;
  code: (typeof speciesCodes)[number];
  /** The species' colours, by name. */
  colours: readonly string[];
  /** The breeds the colours list names (the common ones), each with the colours listed for it. */
  breeds: readonly (readonly [breed: string, colours: readonly string[]])[];
}

/** One kind per species, in the order the pet forms list them. */
export const PET_KINDS: readonly PetKind[] = data.species.entries.map((species) => {
  const colours = data.colours.entries.filter((c) => c.species === species.code);
  const breedCodes = [...new Set(colours.flatMap((c) => c.breeds))];
  const breedName = new Map(data.breeds.entries.map((b) => [b.code, b.name]));
  return {
    name: species.name,
    code: species.code as PetKind['code'],
    colours: colours.map((c) => c.name),
    breeds: breedCodes.map(
      (code) =>
        [breedName.get(code)!, colours.filter((c) => c.breeds.includes(code)).map((c) => c.name)] as const,
    ),
  };
});
