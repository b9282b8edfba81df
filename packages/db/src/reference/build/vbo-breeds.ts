import { listKey } from '../list-key.ts';
import type { VboTerm } from './vbo-templates.ts';

/**
 * Which of VBO's terms a UK practice's lists keep, and in what form (decision 0096):
 * - dogs with a VeNom code (the UK's veterinary nomenclature, which practice systems use) or recognised
 *   by The Kennel Club, the breeds such varieties belong to, and the mixed-breed term; colour varieties
 *   without a VeNom code are left out;
 * - cats recognised by the GCCF, FIFe, TICA or CFA, and the domestic and mixed types (Domestic
 *   Shorthair, …); wild cats and their first crosses (Serval, Caracal, …) are left out;
 * - every rabbit breed (VBO has about seventy, all domesticated);
 * - obsolete terms only when merged into a kept term: their row names the replacement, so a pet stored
 *   with the old code moves to it.
 * Each kept term has its VBO id, its VeNom codes, and its exact synonyms (the most common name among
 * them); a synonym that is another term's name, or that two terms claim, is dropped from them, and so is a
 * VeNom code two terms cite.
 */

export interface BuiltBreed {
  /** The specification's species code: Canine, Feline, Rabbit. */
  species: string;
  code: string;
  name: string;
  codes: string[];
  synonyms: string[];
  replacedBy: string;
}

const speciesCodes: Record<string, string> = { Dog: 'Canine', Cat: 'Feline', Rabbit: 'Rabbit' };
const dogMixedBreed = 'VBO:0200902';
const catMixedBreed = 'VBO:0100262';
const catRegistries = new Set(['gccf', 'fife', 'tica', 'cfa']);
const domesticCat = 'NCBITaxon:9685';

const venomCodes = (term: VboTerm) => term.xrefs.filter((xref) => /^VeNom:\d+$/.test(xref));
/** A joined term's ids beside its VeNom codes. */
const joinedIds = (term: VboTerm) => term.xrefs.filter((xref) => /^VBO:\d+$/.test(xref));
const preferred = (a: VboTerm, b: VboTerm) =>
  Number(venomCodes(b).length > 0) - Number(venomCodes(a).length > 0) || a.id.localeCompare(b.id);

function kept(term: VboTerm): boolean {
  if (term.obsolete) return false;
  switch (term.species) {
    case 'Dog':
      return venomCodes(term).length > 0 || term.registries.includes('kc') || term.id === dogMixedBreed;
    case 'Cat':
      return (
        term.id === catMixedBreed ||
        term.parents.includes(catMixedBreed) ||
        (term.parents.includes(domesticCat) && term.registries.some((r) => catRegistries.has(r)))
      );
    case 'Rabbit':
      return true;
    default:
      return false;
  }
}

export interface BuildReport {
  breeds: BuiltBreed[];
  /** Synonyms dropped as another term's name or claimed by two terms: for the build's summary. */
  droppedSynonyms: number;
}

/** The kept terms of the templates (each term once, the first template's if two hold it), as rows. */
export function buildVboBreeds(terms: readonly VboTerm[]): BuildReport {
  const byId = new Map<string, VboTerm>();
  for (const term of terms) if (!byId.has(term.id)) byId.set(term.id, term);
  const chosen = [...byId.values()].filter(kept);
  // A dog breed whose varieties are kept is kept too (`Chihuahua`, of `Chihuahua, Long-Haired`).
  const parentsOfKept = new Set(chosen.filter((t) => t.species === 'Dog').flatMap((t) => t.parents));
  const candidates = [...byId.values()].filter(
    (term) => kept(term) || (term.species === 'Dog' && !term.obsolete && parentsOfKept.has(term.id)),
  );

  // Two kept terms of one name but for spacing or punctuation (VBO has `Bull Mastiff` and `Bullmastiff`)
  // are one entry: the one with a VeNom code (else the lower id) keeps its name; the other's id, codes
  // and synonyms join it.
  const nameOwner = new Map<string, VboTerm>();
  const keptTerms: VboTerm[] = [];
  /** Each candidate's id → the id of the entry it is (itself, or the term it joined). */
  const entryOf = new Map<string, string>();
  for (const term of [...candidates].sort(preferred)) {
    const key = `${term.species}/${listKey(term.name)}`;
    const owner = nameOwner.get(key);
    entryOf.set(term.id, owner?.id ?? term.id);
    if (!owner) {
      nameOwner.set(key, term);
      keptTerms.push({ ...term, exactSynonyms: [...term.exactSynonyms], xrefs: [...term.xrefs] });
      continue;
    }
    const joined = keptTerms.find((t) => t.id === owner.id)!;
    joined.xrefs.push(...term.xrefs, term.id);
    joined.exactSynonyms.push(term.name, ...term.exactSynonyms);
  }
  keptTerms.sort((a, b) => a.id.localeCompare(b.id));
  const synonymClaims = new Map<string, Set<string>>();
  const synonymsOf = (term: VboTerm) => {
    const seen = new Set([listKey(term.name)]);
    return term.exactSynonyms.filter((synonym) => {
      const key = listKey(synonym);
      if (key === '' || seen.has(key) || /^https?:/.test(synonym)) return false;
      seen.add(key);
      return true;
    });
  };
  for (const term of keptTerms)
    for (const synonym of synonymsOf(term)) {
      const key = `${term.species}/${listKey(synonym)}`;
      synonymClaims.set(key, (synonymClaims.get(key) ?? new Set()).add(term.id));
    }
  // A VeNom code two kept terms cite names neither: it would match one of them at random.
  const venomClaims = new Map<string, number>();
  for (const term of keptTerms)
    for (const code of new Set(venomCodes(term))) venomClaims.set(code, (venomClaims.get(code) ?? 0) + 1);
  let droppedSynonyms = 0;
  const breeds: BuiltBreed[] = keptTerms.map((term) => {
    const synonyms = synonymsOf(term).filter((synonym) => {
      const key = `${term.species}/${listKey(synonym)}`;
      const alone = nameOwner.get(key) === undefined && synonymClaims.get(key)!.size === 1;
      if (!alone) droppedSynonyms += 1;
      return alone;
    });
    return {
      species: speciesCodes[term.species]!,
      code: term.id,
      name: term.name,
      codes: [
        ...joinedIds(term),
        ...[...new Set(venomCodes(term))].filter((code) => venomClaims.get(code) === 1),
      ],
      synonyms,
      replacedBy: '',
    };
  });
  // An obsolete term merged into a kept one: its code (and name, when free) now mean the replacement.
  const replaced = [...byId.values()].flatMap((term) =>
    term.obsolete && term.replacedBy !== null && entryOf.has(term.replacedBy) && speciesCodes[term.species]
      ? [
          {
            species: speciesCodes[term.species]!,
            code: term.id,
            name: term.name,
            codes: [],
            synonyms: [],
            replacedBy: entryOf.get(term.replacedBy)!,
          },
        ]
      : [],
  );
  const order = (a: BuiltBreed, b: BuiltBreed) =>
    a.species.localeCompare(b.species) || a.code.localeCompare(b.code);
  return { breeds: [...breeds.sort(order), ...replaced.sort(order)], droppedSynonyms };
}
