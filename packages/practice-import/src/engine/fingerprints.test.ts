import { describe, expect, it } from 'vitest';
import { buildLookupLists } from '../kinds/lookup-lists.ts';
import { pets } from '../kinds/pets.ts';
import { context, lookups } from '../kinds/testing/kind-fixtures.ts';
import { validRows } from '../kinds/testing/valid-rows.ts';
import { fingerprintContext, RowFingerprints } from './fingerprints.ts';
import { RowEncoder } from './row-encoder.ts';
import { stagedColumnNames } from './staging-tables.ts';
import { FingerprintSet } from './stored-fingerprints.ts';

const valid = validRows['pets.csv'];
const header = Object.keys(valid);
const cellsOf = (row: Readonly<Record<string, string>>, order = header) =>
  order.map((name) => row[name] ?? '');
const petsContext = fingerprintContext('pets.csv', lookups);

const fingerprint = (row: Readonly<Record<string, string>>, order = header, context = petsContext) =>
  new RowFingerprints(pets, order, context).of(cellsOf(row, order)).join(',');

describe('a row’s fingerprint', () => {
  it('is its cells’, whatever the order of the file’s columns', () => {
    expect(fingerprint(valid, [...header].reverse())).toBe(fingerprint(valid));
    expect(fingerprint(valid)).toBe(fingerprint({ ...valid }));
  });

  it('changes with any one cell, even one that reads the same', () => {
    const seen = new Set([fingerprint(valid)]);
    for (const column of header) {
      for (const changed of [`${valid[column]}x`, ` ${valid[column]}`, '']) {
        if (changed === valid[column]) continue;
        seen.add(fingerprint({ ...valid, [column]: changed }));
      }
    }
    expect(seen.size).toBe(1 + header.length * 3 - header.filter((c) => valid[c] === '').length);
  });

  it('reads a column the file lacks as an empty cell', () => {
    const withoutBreed = header.filter((name) => name !== 'breed');
    expect(fingerprint({ ...valid, breed: '' }, withoutBreed)).toBe(fingerprint({ ...valid, breed: '' }));
  });

  it('changes with the portal’s lists and with the file, not with the order the lists were read in', () => {
    const renamed = buildLookupLists({
      salutations: [],
      species: [...lookups.species].map(([name, id]) => ({ id, name: name === 'dog' ? 'hound' : name })),
      breeds: [],
      colours: [],
      insurers: [],
    });
    const reversed = buildLookupLists({
      salutations: [...lookups.salutations].reverse().map(([name, id]) => ({ id, name })),
      species: [...lookups.species].reverse().map(([name, id]) => ({ id, name })),
      breeds: [...lookups.breeds]
        .flatMap(([speciesId, names]) => [...names].map(([name, id]) => ({ id, name, speciesId })))
        .reverse(),
      colours: [...lookups.colours]
        .flatMap(([speciesId, names]) => [...names].map(([name, id]) => ({ id, name, speciesId })))
        .reverse(),
      insurers: [...lookups.insurers].reverse().map(([name, id]) => ({ id, name })),
    });
    expect(fingerprintContext('pets.csv', reversed)).toEqual(petsContext);
    expect(fingerprintContext('pets.csv', renamed)).not.toEqual(petsContext);
    expect(fingerprintContext('clients.csv', lookups)).not.toEqual(petsContext);
  });

  it('is written as the 32 hex digits of a uuid', () => {
    const rows = new RowFingerprints(pets, header, petsContext);
    const words = rows.of(cellsOf(valid));
    expect(rows.text()).toMatch(/^[0-9a-f]{32}$/);
    expect(rows.text()).toBe([...words].map((w) => w.toString(16).padStart(8, '0')).join(''));
  });
});

describe('a fingerprinted file’s staging rows', () => {
  const columns = stagedColumnNames(pets);
  const encoded = (stored: FingerprintSet, row = valid) => {
    const rows = new RowFingerprints(pets, header, petsContext);
    const encoder = new RowEncoder(pets, header, context, { rows, stored });
    const line = encoder.encode(7, cellsOf(row)).replace(/\n$/, '').split('\t');
    return { encoder, cells: Object.fromEntries(columns.map((name, i) => [name, line[i]])) };
  };

  it('are parsed, and carry their fingerprint, when it is not stored', () => {
    const { encoder, cells } = encoded(new FingerprintSet(0));
    const rows = new RowFingerprints(pets, header, petsContext);
    rows.of(cellsOf(valid));
    expect(cells).toMatchObject({ line: '7', refused: 'f', unchanged: 'f', name: valid.name });
    expect(cells.import_fingerprint).toBe(rows.text());
    expect(encoder.unchanged).toBe(0);
  });

  it('are kept with their keys only, unchanged and not parsed, when it is stored', () => {
    // A row the kind refuses (a date of birth not written as a date): only its stored fingerprint keeps
    // it from being read.
    const unread = { ...valid, date_of_birth: '17/05/2020' };
    const stored = new FingerprintSet(1);
    const words = new RowFingerprints(pets, header, petsContext).of(cellsOf(unread));
    stored.add(words[0]!, words[1]!, words[2]!);
    const { encoder, cells } = encoded(stored, unread);
    expect(cells).toEqual({
      ...Object.fromEntries(columns.map((name) => [name, '\\N'])),
      line: '7',
      refused: 'f',
      unchanged: 't',
      pet_ref: valid.pet_ref,
      client_ref: valid.client_ref,
    });
    expect([encoder.unchanged, encoder.refused]).toEqual([1, 0]);
    expect(encoded(stored, { ...unread, name: `${valid.name} ` }).cells).toMatchObject({
      refused: 't',
      unchanged: 'f',
    });
  });
});

describe('FingerprintSet', () => {
  const random = () => (Math.random() * 0x1_0000_0000) >>> 0;

  it('finds every fingerprint added, and (almost surely) none other, up to its capacity', () => {
    const set = new FingerprintSet(5000);
    const added = Array.from({ length: 5000 }, () => Uint32Array.of(random(), random(), random(), 0));
    expect(added.every((w) => set.add(w[0]!, w[1]!, w[2]!))).toBe(true);
    expect(set.size).toBe(5000);
    expect(added.every((w) => set.has(w))).toBe(true);
    const others = Array.from({ length: 5000 }, () => Uint32Array.of(random(), random(), random(), 0));
    expect(others.filter((w) => set.has(w))).toEqual([]);
    // Near its ends: a first word of 0 or of 2^32 - 1, and a zero third word (empty slots are zeros).
    for (const w of [Uint32Array.of(0, 0, 0, 0), Uint32Array.of(0xffffffff, 1, 0, 0)]) {
      expect(set.has(w)).toBe(false);
      set.add(w[0]!, w[1]!, w[2]!);
      expect(set.has(w)).toBe(true);
    }
  });

  it('says when it is full rather than loop', () => {
    const set = new FingerprintSet(1);
    let added = 0;
    while (set.add(random(), random(), random())) added++;
    expect(added).toBeGreaterThan(0);
    expect(set.size).toBe(added);
  });
});
