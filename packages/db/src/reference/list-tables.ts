import type { ListName } from './reference-files.ts';

/** Where each list lives: its table, the column clients see as its name, and its keys table (decision 0096). */
export interface ListTable {
  list: ListName;
  table: string;
  nameColumn: 'name' | 'description';
  keysTable: string;
  /** The keys table's column of the entry's id. */
  entryColumn: string;
  /** Breeds and colours: entries (and keys) belong to a species. */
  ofSpecies: boolean;
  /** Lists shown in an order of their own (sort_order); the others by name. */
  sorted: boolean;
  /** What one entry is called in messages: "breed". */
  noun: string;
}

export const listTables: Record<ListName, ListTable> = {
  salutations: {
    list: 'salutations',
    table: 'salutations',
    nameColumn: 'description',
    keysTable: 'salutation_keys',
    entryColumn: 'salutation_id',
    ofSpecies: false,
    sorted: true,
    noun: 'salutation',
  },
  species: {
    list: 'species',
    table: 'species',
    nameColumn: 'name',
    keysTable: 'species_keys',
    entryColumn: 'species_id',
    ofSpecies: false,
    sorted: true,
    noun: 'species',
  },
  breeds: {
    list: 'breeds',
    table: 'breeds',
    nameColumn: 'name',
    keysTable: 'breed_keys',
    entryColumn: 'breed_id',
    ofSpecies: true,
    sorted: false,
    noun: 'breed',
  },
  colours: {
    list: 'colours',
    table: 'colours',
    nameColumn: 'name',
    keysTable: 'colour_keys',
    entryColumn: 'colour_id',
    ofSpecies: true,
    sorted: false,
    noun: 'colour',
  },
  insurers: {
    list: 'insurers',
    table: 'insurers',
    nameColumn: 'name',
    keysTable: 'insurer_keys',
    entryColumn: 'insurer_id',
    ofSpecies: false,
    sorted: false,
    noun: 'insurer',
  },
  cancellationReasons: {
    list: 'cancellationReasons',
    table: 'cancellation_reasons',
    nameColumn: 'description',
    keysTable: 'cancellation_reason_keys',
    entryColumn: 'cancellation_reason_id',
    ofSpecies: false,
    sorted: true,
    noun: 'cancellation reason',
  },
};

/** The order lists load in: species first, as breeds and colours name theirs. */
export const loadOrder: readonly ListName[] = [
  'species',
  'salutations',
  'insurers',
  'cancellationReasons',
  'breeds',
  'colours',
];
