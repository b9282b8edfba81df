import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editDistance, nameSimilarity, nearestNames, trigramSimilarity } from './nearest-names.ts';

/** The textbook recursion of optimal string alignment, memoised: slow, but plainly right. */
function slowEditDistance(a: string, b: string): number {
  const memo = new Map<string, number>();
  const d = (i: number, j: number): number => {
    if (i === 0) return j;
    if (j === 0) return i;
    const key = `${i},${j}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let best = Math.min(d(i - 1, j) + 1, d(i, j - 1) + 1, d(i - 1, j - 1) + (a[i - 1] === b[j - 1] ? 0 : 1));
    if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
      best = Math.min(best, d(i - 2, j - 2) + 1);
    memo.set(key, best);
    return best;
  };
  return d(a.length, b.length);
}

const shortWord = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd', ' '), maxLength: 8 });

describe('editDistance', () => {
  it('counts a swap of neighbours as one edit, as a typing slip is', () => {
    expect(editDistance('labrador', 'lbarador')).toBe(1);
    expect(editDistance('cat', 'act')).toBe(1);
    expect(editDistance('dog', 'dog')).toBe(0);
    expect(editDistance('', 'dog')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it('agrees with the textbook recursion on any two short names', () => {
    fc.assert(
      fc.property(shortWord, shortWord, (a, b) => {
        expect(editDistance(a, b)).toBe(slowEditDistance(a, b));
        expect(editDistance(a, b)).toBe(editDistance(b, a));
      }),
    );
  });
});

describe('nameSimilarity', () => {
  it('scores the same name, in any case, as 1, and is between 0 and 1', () => {
    expect(nameSimilarity('Dog', ' dog ')).toBe(1);
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const score = nameSimilarity(a, b);
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('finds a shorter form of a name by its trigrams, as pg_trgm would', () => {
    // PostgreSQL's pg_trgm answers similarity('labrador', 'labrador retriever') = 0.47368 (9 of 19).
    expect(trigramSimilarity('labrador', 'labrador retriever')).toBeCloseTo(9 / 19);
    expect(nameSimilarity('Labrador', 'Labrador Retriever')).toBeGreaterThan(
      nameSimilarity('Labrador', 'Lurcher'),
    );
  });
});

describe('nearestNames', () => {
  const species = ['Dog', 'Cat', 'Rabbit', 'Bird', 'Fish', 'Rodent', 'Reptile', 'Ferret', 'Other'];

  it('names up to three known names, nearest first', () => {
    expect(nearestNames('Dgo', species)).toEqual(['Dog', 'Rodent', 'Bird']);
    expect(nearestNames('Rabit', species)[0]).toBe('Rabbit');
    expect(nearestNames('Ferrets', species)[0]).toBe('Ferret');
    expect(nearestNames('Labrador', ['Labradoodle', 'Lurcher', 'Labrador Retriever', 'Beagle'])[0]).toBe(
      'Labrador Retriever',
    );
    expect(nearestNames('Petplan Ltd', ['Animal Friends', 'Petplan', 'ManyPets'])[0]).toBe('Petplan');
  });

  it('returns only names of the list, never the name asked about, and fewer when the list is short', () => {
    fc.assert(
      fc.property(fc.string(), fc.uniqueArray(fc.string(), { maxLength: 6 }), (name, known) => {
        const nearest = nearestNames(name, known);
        expect(nearest.length).toBe(Math.min(3, known.length));
        for (const suggestion of nearest) expect(known).toContain(suggestion);
      }),
    );
  });
});
