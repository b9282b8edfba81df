import { afterEach, describe, expect, it } from 'vitest';
import { listKey } from './list-key.ts';
import { ReferenceDataRefused, readReferenceData } from './reference-files.ts';
import { referenceDirectoryCopy } from './testing/reference-directory.ts';

const copies: ReturnType<typeof referenceDirectoryCopy>[] = [];
const copy = () => {
  const made = referenceDirectoryCopy();
  copies.push(made);
  return made;
};
afterEach(() => {
  for (const made of copies.splice(0)) made.remove();
});

const problemsOf = (directory: string) => {
  try {
    readReferenceData(directory);
  } catch (error) {
    if (error instanceof ReferenceDataRefused) return error.problems;
    throw error;
  }
  throw new Error('the data was accepted');
};

describe('listKey', () => {
  it('ignores case, spacing, punctuation and accents', () => {
    expect(listKey('German shepherd-dog')).toBe(listKey('GERMAN SHEPHERD DOG'));
    expect(listKey('VeNom:14796')).toBe('venom14796');
    expect(listKey('Géant des Flandres')).toBe('geantdesflandres');
    expect(listKey(' -- ')).toBe('');
  });
});

describe('readReferenceData', () => {
  it('reads the shipped lists: the specification’s species, VBO’s breeds with their codes and synonyms', () => {
    const data = readReferenceData();
    expect(data.species.entries.map((s) => `${s.code}:${s.name}`)).toEqual([
      'Canine:Dog',
      'Feline:Cat',
      'Rabbit:Rabbit',
      'Rodent:Rodent',
      'Bird:Bird',
      'Reptile:Reptile',
      'Fish:Fish',
      'Ferret:Ferret',
      'Custom:Other',
    ]);
    const gsd = data.breeds.entries.find((b) => b.code === 'VBO:0200577');
    expect(gsd).toMatchObject({ species: 'Canine', name: 'German Shepherd Dog', source: 'vbo' });
    expect(gsd?.keys.map((k) => k.text)).toEqual(expect.arrayContaining(['Alsatian', 'VeNom:14796']));
    expect(data.breeds.replaced.length).toBeGreaterThan(0);
    expect(data.cancellationReasons.entries.length).toBeGreaterThan(0);
  });

  it('refuses a code given twice, by line', () => {
    const made = copy();
    made.append('insurers.csv', 'petplan,Another Petplan,');
    const line = made.lineOf('insurers.csv', 'petplan,Another');
    expect(problemsOf(made.directory)).toEqual([
      {
        file: 'insurers.csv',
        line,
        reason: `code petplan is on insurers.csv line ${made.lineOf('insurers.csv', 'petplan,Petplan')} too`,
      },
    ]);
  });

  it('refuses a synonym two entries claim, naming both lines', () => {
    const made = copy();
    made.append('breeds-portal.csv', 'Canine,portal-shepherd,Shepherd Cross,Alsatian');
    const [problem] = problemsOf(made.directory);
    expect(problem).toMatchObject({
      file: 'breeds-portal.csv',
      line: made.lineOf('breeds-portal.csv', 'Canine,portal-shepherd'),
    });
    expect(problem?.reason).toMatch(
      /^"Alsatian" is a name, synonym or code of breeds-vbo.csv line \d+ \(German Shepherd Dog\) too$/,
    );
  });

  it("splits VBO's packed synonyms, leaving out a part another entry has or two entries give", () => {
    const made = copy();
    made.append(
      'breeds-vbo.csv',
      'Canine,VBO:9000001,Testhound,,Hound - Test (Alsatian) (Tester) (Houndy),',
      'Canine,VBO:9000002,Testpointer,,Pointer - Test (Tester) (Pointy),',
    );
    const keysOf = (code: string) =>
      readReferenceData(made.directory)
        .breeds.entries.find((b) => b.code === code)
        ?.keys.filter((k) => k.kind === 'synonym')
        .map((k) => k.text);
    expect(keysOf('VBO:9000001')).toEqual([
      'Hound - Test (Alsatian) (Tester) (Houndy)',
      'Hound - Test',
      'Houndy',
    ]);
    expect(keysOf('VBO:9000002')).toEqual(['Pointer - Test (Tester) (Pointy)', 'Pointer - Test', 'Pointy']);
    const westie = readReferenceData().breeds.entries.find((b) => b.name === 'West Highland White Terrier');
    expect(westie?.keys.map((k) => k.text)).toEqual(expect.arrayContaining(['Westie', 'Westy']));
  });

  it('allows one synonym in two species, refuses a replacement that is no entry', () => {
    const made = copy();
    made.append(
      'breeds-portal.csv',
      'Rabbit,rabbit-alsatian,Alsatian Lop,',
      'Rabbit,rabbit-gone,Gone Lop,,rabbit-nowhere',
    );
    expect(problemsOf(made.directory)).toEqual([
      {
        file: 'breeds-portal.csv',
        line: made.lineOf('breeds-portal.csv', 'Rabbit,rabbit-gone'),
        reason: 'replaced_by rabbit-nowhere is not an entry of the breeds of Rabbit',
      },
    ]);
  });
});
