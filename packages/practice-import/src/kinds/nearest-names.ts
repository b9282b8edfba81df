/**
 * The known names nearest to a name a list lacks, for a refusal to suggest ("nearest: Dog, Cat"). Three
 * measures, the best of which counts: the edit distance with transpositions (optimal string alignment,
 * for typing slips: "Lbarador"), the overlap of letter trigrams as PostgreSQL's pg_trgm counts it (for
 * a near spelling of a longer name), and the share of whole words in common (for a shorter or longer form
 * of the same name: "Labrador" for "Labrador Retriever", "Petplan Ltd" for "Petplan"). The lists are
 * small (a species' breeds at most a few hundred), so every known name is scored.
 */

/** Edit distance counting an insertion, a deletion, a substitution or a swap of neighbours as one. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  // Three rows of the dynamic programme: two back (for the swap), one back and this one.
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, before[j - 2]! + 1);
      }
      current.push(best);
    }
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

const wordsOf = (name: string) => name.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');

/** Trigrams of each word, padded as PostgreSQL's pg_trgm pads them (two spaces before, one after). */
function trigrams(name: string): Set<string> {
  const grams = new Set<string>();
  for (const word of wordsOf(name)) {
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i += 1) grams.add(padded.slice(i, i + 3));
  }
  return grams;
}

/** pg_trgm's similarity: shared trigrams over all trigrams of the two, 0 to 1. */
export function trigramSimilarity(a: string, b: string): number {
  const left = trigrams(a);
  const right = trigrams(b);
  if (left.size === 0 && right.size === 0) return a === b ? 1 : 0;
  let shared = 0;
  for (const gram of left) if (right.has(gram)) shared += 1;
  return shared / (left.size + right.size - shared);
}

/**
 * The words of the name with fewer words that the other has too, as a share of them, weighed at 0.9: a
 * name holding all the words of the other is near, but not the same.
 */
export function sharedWords(a: string, b: string): number {
  const [fewer, more] = [wordsOf(a), wordsOf(b)].sort((x, y) => x.length - y.length) as [string[], string[]];
  if (fewer.length === 0) return 0;
  const others = new Set(more);
  return (0.9 * fewer.filter((word) => others.has(word)).length) / fewer.length;
}

/** 0 (nothing alike) to 1 (the same), case-insensitive. */
export function nameSimilarity(a: string, b: string): number {
  const left = a.trim().toLowerCase();
  const right = b.trim().toLowerCase();
  const longest = Math.max(left.length, right.length);
  if (longest === 0) return 1;
  return Math.max(
    1 - editDistance(left, right) / longest,
    trigramSimilarity(left, right),
    sharedWords(left, right),
  );
}

/**
 * Up to `count` of `known` nearest to `name`, nearest first (ties A to Z). Only names of the list are returned, never `name` itself: it may be personal data.
 */
export function nearestNames(name: string, known: Iterable<string>, count = 3): string[] {
  return [...known]
    .map((candidate) => ({ candidate, score: nameSimilarity(name, candidate) }))
    .sort((x, y) => y.score - x.score || x.candidate.localeCompare(y.candidate))
    .slice(0, count)
    .map(({ candidate }) => candidate);
}
