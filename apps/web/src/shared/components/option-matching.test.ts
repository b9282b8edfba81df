import { describe, expect, it } from 'vitest';
import { createOptionMatcher } from './option-matching';

interface Breed {
  name: string;
  synonyms?: string[];
}

const breeds: Breed[] = [
  { name: 'Australian Shepherd' },
  { name: 'Bernese Mountain Dog', synonyms: ['Berner Sennenhund'] },
  { name: 'German Shepherd Dog', synonyms: ['Alsatian', 'Deutscher Schäferhund'] },
  { name: 'Shetland Sheepdog', synonyms: ['Sheltie'] },
  { name: 'Shih Tzu' },
  { name: 'Yorkshire Terrier', synonyms: ['Yorkie (Toy)', 'Shepherd of York', 'Yorkie'] },
];
const matcher = () =>
  createOptionMatcher(
    breeds,
    (breed) => breed.name,
    (breed) => breed.synonyms,
  );
const names = (options: Breed[]) => options.map((breed) => breed.name);

describe('createOptionMatcher', () => {
  it('offers a breed by its synonym and says which synonym matched', () => {
    const found = matcher().match('Alsatian');
    expect(names(found.options)).toEqual(['German Shepherd Dog']);
    expect(found.synonyms.get(breeds[2]!)).toBe('Alsatian');
  });

  it('matches without regard to case, spacing, punctuation or accents, as the lists do', () => {
    for (const typed of ['alsatian', '  ALSATIAN ', 'als-atian', 'Als.', 'deutscher schafer', 'Schäfer']) {
      expect(names(matcher().match(typed).options), typed).toEqual(['German Shepherd Dog']);
    }
    expect(names(matcher().match('german shepherd-dog').options)).toEqual(['German Shepherd Dog']);
    expect(names(matcher().match('shih-tzu').options)).toEqual(['Shih Tzu']);
  });

  it('puts names that start with the text first, then names that hold it, then synonym matches', () => {
    const found = matcher().match('shep');
    expect(names(found.options)).toEqual(['Australian Shepherd', 'German Shepherd Dog', 'Yorkshire Terrier']);
    expect(names(matcher().match('sh').options)).toEqual([
      'Shetland Sheepdog',
      'Shih Tzu',
      'Australian Shepherd',
      'German Shepherd Dog',
      'Yorkshire Terrier',
    ]);
    // A name match shows no synonym; only the option a synonym brought names it.
    expect(found.synonyms.has(breeds[2]!)).toBe(false);
    expect(found.synonyms.get(breeds[5]!)).toBe('Shepherd of York');
  });

  it('shows the synonym that is the text, else one that starts with it, over one that only holds it', () => {
    const found = matcher().match('york');
    expect(names(found.options)).toEqual(['Yorkshire Terrier']);
    expect(found.synonyms.size).toBe(0);
    expect(matcher().match('yorkie').synonyms.get(breeds[5]!)).toBe('Yorkie');
    expect(matcher().match('yorkiet').synonyms.get(breeds[5]!)).toBe('Yorkie (Toy)');
    expect(matcher().match('of york').synonyms.get(breeds[5]!)).toBe('Shepherd of York');
    expect(matcher().match('sennen').synonyms.get(breeds[1]!)).toBe('Berner Sennenhund');
  });

  it('offers every option, in order, for empty or punctuation-only text, and none for no match', () => {
    expect(names(matcher().match('').options)).toEqual(names(breeds));
    expect(names(matcher().match(' - ').options)).toEqual(names(breeds));
    expect(matcher().match('').synonyms.size).toBe(0);
    expect(matcher().match('poodle').options).toEqual([]);
  });

  it('keeps the last answer for the same text in its matching form', () => {
    const one = matcher();
    const first = one.match('Alsatian');
    expect(one.match('alsatian')).toBe(first);
    expect(one.match('sheltie')).not.toBe(first);
  });
});
