import { listKey } from '@vet/db/reference/list-key';
import { readReferenceData } from '@vet/db/reference/reference-files';
import { describe, expect, it } from 'vitest';
import { ListMatcher, type ListEntry } from './list-matcher.ts';

const entry = (id: number, name: string, keys: Record<string, string[]> = {}): ListEntry => ({
  id,
  name,
  keys: Object.entries(keys).flatMap(([kind, texts]) =>
    texts.map((text) => ({ key: listKey(text), text, kind })),
  ),
});

const labrador = entry(1, 'Labrador Retriever', { synonym: ['Labrador', 'Lab'], code: ['VeNom:14631'] });
const cockapoo = entry(2, 'Cockapoo', { synonym: ['Cockerpoo'], code: ['VeNom:13878'] });
const crossbreed = entry(3, 'Crossbreed', { synonym: ['Cross', 'Mongrel'], code: ['VeNom:13916'] });
const shiJug = entry(4, 'Shi-Jug', { synonym: ['Jug-Shih Tzu cross'], code: ['VeNom:22611'] });
/** A group's own breed whose practice-system code is another breed's VeNom number. */
const groupBreed = entry(5, 'Working Labrador', { practice_code: ['13878'] });
const dogs = new ListMatcher([labrador, cockapoo, crossbreed, shiJug, groupBreed]);

describe('ListMatcher.match', () => {
  it('answers a name, synonym or code as its entry, not a cross', () => {
    expect(dogs.match('Labrador')).toEqual({ id: 1, cross: false });
    expect(dogs.match('COCKERPOO')).toEqual({ id: 2, cross: false });
    expect(dogs.match('Crossbreed')).toEqual({ id: 3, cross: false });
    expect(dogs.match('Cross')).toEqual({ id: 3, cross: false });
    // A listed name that reads as a cross is that entry.
    expect(dogs.match('Jug-Shih Tzu cross')).toEqual({ id: 4, cross: false });
  });

  it('answers `<key> X`, `x`, `cross`, `crossbreed` or `crossbred` as a cross of that entry', () => {
    for (const text of [
      'Labrador X',
      'labrador x',
      'Lab cross',
      'Labrador Cross',
      'Labrador crossbreed',
      'Labrador Cross-Breed',
      'Labrador crossbred',
      'Lab-x',
      ' Labrador Retriever X ',
    ])
      expect(dogs.match(text), text).toEqual({ id: 1, cross: true });
    expect(dogs.match('Cockerpoo x')).toEqual({ id: 2, cross: true });
  });

  it('answers nothing for a cross of a name the list lacks, a prefix or a bare suffix', () => {
    for (const text of ['Poodle X', 'X Labrador', 'Cross Labrador', 'X', 'Labradorx', 'Labrador X Poodle'])
      expect(dogs.match(text), text).toBeUndefined();
  });

  it('answers digits alone as the entry of that VeNom code, written bare or prefixed', () => {
    for (const text of ['14631', ' 14631 ', 'VeNom:14631', 'VeNom 14631', 'venom14631'])
      expect(dogs.match(text), text).toEqual({ id: 1, cross: false });
    expect(dogs.match('13916')).toEqual({ id: 3, cross: false });
  });

  it("answers a group's code before a VeNom code of the same digits", () => {
    expect(dogs.match('13878')).toEqual({ id: 5, cross: false });
    expect(dogs.match('VeNom:13878')).toEqual({ id: 2, cross: false });
  });

  it('never guesses a number that is no VeNom code of the list', () => {
    for (const text of ['99999', '014631', '14.631', '1463', '14631X'])
      expect(dogs.match(text), text).toBeUndefined();
    const cats = new ListMatcher([entry(9, 'Domestic Shorthair', { code: ['VBO:0100119'] })]);
    expect(cats.match('14631')).toBeUndefined();
    expect(cats.match('0100119')).toBeUndefined();
  });
});

describe('ListMatcher.find', () => {
  it("answers an entry and a VeNom code's digits, but not a cross of an entry", () => {
    expect(dogs.find('Lab')).toBe(1);
    expect(dogs.find('14631')).toBe(1);
    expect(dogs.find('13878')).toBe(5);
    expect(dogs.find('Labrador X')).toBeUndefined();
    expect(dogs.find('Poodle')).toBeUndefined();
  });
});

describe('the shipped breeds, matched within a species', () => {
  const breeds = readReferenceData().breeds.entries;
  const matcherOf = (species: string) =>
    new ListMatcher(
      breeds.flatMap((b, index) =>
        b.species === species ? [{ id: index, name: b.name, keys: b.keys }] : [],
      ),
    );
  const dog = matcherOf('Canine');
  const cat = matcherOf('Feline');
  const named = (matcher: ListMatcher, text: string) => {
    const found = matcher.match(text);
    return found && { name: breeds[found.id]!.name, cross: found.cross };
  };

  it('answers DSH as a Domestic Shorthair for a cat and a German Shepherd Dog for a dog', () => {
    expect(named(cat, 'DSH')).toEqual({ name: 'Domestic Shorthair', cross: false });
    expect(named(dog, 'DSH')).toEqual({ name: 'German Shepherd Dog', cross: false });
    expect(named(cat, 'DLH')).toEqual({ name: 'Domestic Longhair', cross: false });
    expect(named(cat, 'DMH')).toEqual({ name: 'Domestic Medium Hair', cross: false });
    expect(named(cat, 'Moggy')).toEqual({ name: 'Mixed Breed', cross: false });
    expect(named(cat, 'British Blue')).toEqual({ name: 'British Shorthair', cross: false });
    expect(named(cat, 'DSH x')).toEqual({ name: 'Domestic Shorthair', cross: true });
  });

  it("answers the names in VBO's packed synonyms and the UK's everyday names", () => {
    expect(named(dog, 'Westie')).toEqual({ name: 'West Highland White Terrier', cross: false });
    expect(named(dog, 'Westy')).toEqual({ name: 'West Highland White Terrier', cross: false });
    expect(named(dog, 'Staffie')).toEqual({ name: 'Staffordshire Bull Terrier', cross: false });
    expect(named(dog, 'Cavalier')).toEqual({ name: 'Cavalier King Charles Spaniel', cross: false });
    expect(named(dog, 'Jack Russell')).toEqual({ name: 'Jack Russell Terrier', cross: false });
    expect(named(dog, 'Cockerpoo')).toEqual({ name: 'Cockapoo', cross: false });
    expect(named(dog, 'Mongrel')).toEqual({ name: 'Crossbreed', cross: false });
    expect(named(dog, 'Mixed breed')).toEqual({ name: 'Mixed Breed', cross: false });
  });

  it('answers UK crosses and bare VeNom codes', () => {
    expect(named(dog, 'Labrador X')).toEqual({ name: 'Labrador Retriever', cross: true });
    expect(named(dog, 'Staffie cross')).toEqual({ name: 'Staffordshire Bull Terrier', cross: true });
    expect(named(dog, 'Collie X')).toEqual({ name: 'Collie', cross: true });
    expect(named(dog, '14631')).toEqual({ name: 'Labrador Retriever', cross: false });
    expect(named(dog, '13916')).toEqual({ name: 'Crossbreed', cross: false });
  });
});
