import type { DatabaseHandle } from '@vet/db/connection';

/**
 * Where `portal-admin lists` finds the loader of the reference lists (species, breeds, colours, insurers,
 * …), which @vet/db is being given. Until it lands the command says so and exits 2. When it lands,
 * this file becomes:
 *
 *   import { loadReferenceLists } from '@vet/db/<its file>';
 *   export const referenceListsLoader: LoadReferenceLists | undefined = loadReferenceLists;
 *
 * and TypeScript checks that it has the signature below.
 */
export interface ReferenceListCounts {
  list: string;
  added: number;
  updated: number;
  unchanged: number;
}

export type LoadReferenceLists = (pool: DatabaseHandle['pool']) => Promise<ReferenceListCounts[]>;

export const referenceListsLoader: LoadReferenceLists | undefined = undefined;
