import type { ListMatcher } from './list-matcher.ts';

/**
 * One kind of record in a practice system's export: its file, its columns, and the pure rules that turn
 * one row's cells into a typed record or say why not. The engine (../engine) streams the files, stages
 * the parsed records, resolves the references and applies them; a kind knows nothing of the database.
 * The integration API takes the same records as JSON, field names = column names.
 */

/** Why a row (or one of its cells) was refused. Never quotes the cell: it may be personal data. */
export interface Refusal {
  /** The column at fault, or null when the row as a whole is (e.g. an end before its start). */
  column: string | null;
  reason: string;
}

/** A row as read: every column of the header, '' for an empty cell (no column is ever missing). */
export type CellRow = Readonly<Record<string, string>>;

export type StagedValue = string | number | boolean | null | readonly string[] | readonly number[];

/** A parsed record: staging column name → value. Lookup names are already ids here. */
export type StagedRecord = Readonly<Record<string, StagedValue>>;

export type ParseResult = { ok: true; record: StagedRecord } | { ok: false; refusals: Refusal[] };

export interface Column {
  name: string;
  required: boolean;
}

/** A column naming a record of another file, resolved against the batch and what is stored. */
export interface Reference {
  column: string;
  /** The file of the kind referred to, e.g. 'clients.csv'. */
  file: KindFile;
  /** Empty allowed (e.g. a closure's clinician_ref: empty means the whole practice). */
  optional?: boolean;
  /**
   * The record this file's rows belong to (a practice's opening hours, an estimate's lines): they travel
   * with it as its child rows (records/record-kinds.ts childKindOf). At most one per kind.
   */
  parent?: boolean;
}

export type KindFile =
  | 'practices.csv'
  | 'opening_hours.csv'
  | 'clinicians.csv'
  | 'rota_shifts.csv'
  | 'closures.csv'
  | 'appointment_reasons.csv'
  | 'prices.csv'
  | 'clients.csv'
  | 'pets.csv'
  | 'appointments.csv'
  | 'vaccinations.csv'
  | 'medications.csv'
  | 'estimates.csv'
  | 'estimate_lines.csv'
  | 'invoices.csv'
  | 'invoice_lines.csv'
  | 'health_plans.csv'
  | 'health_plan_benefits.csv'
  | 'plan_memberships.csv'
  | 'plan_membership_uses.csv';

/** PostgreSQL types of staged columns. */
export type StagedType =
  'text' | 'integer' | 'boolean' | 'date' | 'time' | 'timestamptz' | 'text[]' | 'integer[]';

export interface RecordKind {
  file: KindFile;
  columns: readonly Column[];
  /** The column holding the row's own reference; null for files keyed otherwise (opening_hours, rota_shifts). */
  refColumn: string | null;
  references: readonly Reference[];
  /** What `parse` returns, column by column, with its PostgreSQL type (the engine's staging table). */
  staged: Readonly<Record<string, StagedType>>;
  /** Pure: one row's cells to the staged record, or every reason it is refused. */
  parse(row: CellRow, context: ParseContext): ParseResult;
}

/**
 * The portal's lists a row's names are matched against (decision 0096: by name, synonym or code, without
 * regard to case, spacing or punctuation), with the nearest names for a refusal.
 */
export interface LookupLists {
  salutations: ListMatcher;
  species: ListMatcher;
  /** species id → its breeds */
  breeds: ReadonlyMap<number, ListMatcher>;
  /** species id → its colours */
  colours: ReadonlyMap<number, ListMatcher>;
  insurers: ListMatcher;
}

export interface ParseContext {
  lookups: LookupLists;
  /** Today in the practices' clock (YYYY-MM-DD): a date of birth after it is refused. */
  today: string;
}
