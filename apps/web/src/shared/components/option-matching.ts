import { listKey } from '@vet/contracts/list-key';

/** The options a typed text offers, in the order shown, and the synonym of each that only a synonym matched. */
export interface OptionMatches<T> {
  options: T[];
  synonyms: Map<T, string>;
}

interface Indexed<T> {
  option: T;
  name: string;
  synonyms: { text: string; key: string }[];
}

/**
 * Matches what is typed against each option's name and synonyms in the lists' matching form (listKey,
 * decision 0096: case, spacing, punctuation and accents aside), so `alsatian` offers German Shepherd Dog
 * as the import and the API would take it. Names that start with the text come first, then names that
 * hold it, then options only a synonym holds (the synonym shown: one that is the text, else starts with
 * it, else holds it); each group keeps the list's order. Empty text (or punctuation only) offers every
 * option. The options are keyed once; the last answer is kept, as the field asks again for the same text
 * on each render.
 */
export function createOptionMatcher<T>(
  options: readonly T[],
  getName: (option: T) => string,
  getSynonyms: (option: T) => readonly string[] | undefined,
) {
  const indexed: Indexed<T>[] = options.map((option) => ({
    option,
    name: listKey(getName(option)),
    synonyms: (getSynonyms(option) ?? []).map((text) => ({ text, key: listKey(text) })),
  }));
  let last: { key: string; matches: OptionMatches<T> } | undefined;

  function match(text: string): OptionMatches<T> {
    const key = listKey(text);
    if (last?.key === key) return last.matches;
    const matches: OptionMatches<T> = { options: [], synonyms: new Map() };
    if (key === '') {
      matches.options = [...options];
    } else {
      const inside: T[] = [];
      const bySynonym: T[] = [];
      for (const entry of indexed) {
        if (entry.name.startsWith(key)) matches.options.push(entry.option);
        else if (entry.name.includes(key)) inside.push(entry.option);
        else {
          const synonym =
            entry.synonyms.find((candidate) => candidate.key === key) ??
            entry.synonyms.find((candidate) => candidate.key.startsWith(key)) ??
            entry.synonyms.find((candidate) => candidate.key.includes(key));
          if (synonym) {
            bySynonym.push(entry.option);
            matches.synonyms.set(entry.option, synonym.text);
          }
        }
      }
      matches.options.push(...inside, ...bySynonym);
    }
    last = { key, matches };
    return matches;
  }

  return { match };
}

export type OptionMatcher<T> = ReturnType<typeof createOptionMatcher<T>>;
