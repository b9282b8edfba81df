import { practiceRecordRefFields, type PracticeRecordKind } from '@vet/contracts/integration-records';
import type { Database } from '@vet/db/connection';
import { sql } from 'drizzle-orm';
import { servesPractice, type MachineGrant } from '../../platform/index.ts';

/**
 * Which practice each record is of, for a machine client granted some practices only (decision 0105):
 * a practice by itself, a clinician, closure, price or client by its practice_ref (a client's home practice), a
 * pet by its client's, a vaccination or medication by its pet's, an estimate or invoice by its practice_ref (the
 * practice that issued it), a health plan by its practice_ref, a membership by its plan's. Appointment reasons are the group's: only a grant of every practice writes them.
 */
type Table =
  | 'practices'
  | 'clinicians'
  | 'closures'
  | 'prices'
  | 'clients'
  | 'pets'
  | 'vaccinations'
  | 'medications'
  | 'estimates'
  | 'invoices'
  | 'health-plans'
  | 'plan-memberships';

/** From a record found by its reference (`r.ref`) to its practice `p`. Fixed text, never input. */
const practiceOf: Record<Table, string> = {
  practices: 'join practices p on p.pms_ref = r.ref',
  clinicians: 'join clinicians x on x.pms_ref = r.ref join practices p on p.id = x.practice_id',
  closures: 'join closures x on x.pms_ref = r.ref join practices p on p.id = x.practice_id',
  prices: 'join practice_prices x on x.pms_ref = r.ref join practices p on p.id = x.practice_id',
  clients: 'join clients x on x.pms_ref = r.ref join practices p on p.id = x.home_practice_id',
  pets:
    'join pets x on x.pms_ref = r.ref join clients c on c.id = x.client_id ' +
    'join practices p on p.id = c.home_practice_id',
  vaccinations:
    'join vaccinations x on x.pms_ref = r.ref join pets pe on pe.id = x.pet_id ' +
    'join clients c on c.id = pe.client_id join practices p on p.id = c.home_practice_id',
  medications:
    'join pet_medications x on x.pms_ref = r.ref join pets pe on pe.id = x.pet_id ' +
    'join clients c on c.id = pe.client_id join practices p on p.id = c.home_practice_id',
  estimates: 'join practice_estimates x on x.pms_ref = r.ref join practices p on p.id = x.practice_id',
  invoices: 'join practice_invoices x on x.pms_ref = r.ref join practices p on p.id = x.practice_id',
  'health-plans': 'join health_plans x on x.pms_ref = r.ref join practices p on p.id = x.practice_id',
  'plan-memberships': 'join plan_memberships x on x.pms_ref = r.ref join practices p on p.id = x.practice_id',
};

/** How a written record names its practice: the field, and the table its value is a reference of. */
const namedBy: Record<Exclude<PracticeRecordKind, 'appointment-reasons'>, { field: string; table: Table }> = {
  practices: { field: 'practice_ref', table: 'practices' },
  clinicians: { field: 'practice_ref', table: 'practices' },
  closures: { field: 'practice_ref', table: 'practices' },
  prices: { field: 'practice_ref', table: 'practices' },
  clients: { field: 'practice_ref', table: 'practices' },
  pets: { field: 'client_ref', table: 'clients' },
  vaccinations: { field: 'pet_ref', table: 'pets' },
  medications: { field: 'pet_ref', table: 'pets' },
  estimates: { field: 'practice_ref', table: 'practices' },
  invoices: { field: 'practice_ref', table: 'practices' },
  'health-plans': { field: 'practice_ref', table: 'practices' },
  // A membership is of its plan's practice (its pet may be a client of another practice of the group).
  'plan-memberships': { field: 'plan_ref', table: 'health-plans' },
};

/** The practice (its reference; null when it has none) of each record found by reference in the table. */
async function practiceRefs(db: Database, table: Table, refs: readonly string[]) {
  const wanted = [...new Set(refs.filter((ref) => ref !== ''))];
  const found = new Map<string, string | null>();
  if (wanted.length === 0) return found;
  const result = await db.execute<{ ref: string; practice_ref: string | null }>(sql`
    select r.ref, p.pms_ref as practice_ref
    from jsonb_array_elements_text(${JSON.stringify(wanted)}::jsonb) as r(ref) ${sql.raw(practiceOf[table])}`);
  for (const row of result.rows) found.set(row.ref, row.practice_ref);
  return found;
}

/** A record the grant may not write, and the field that names the practice it lacks. */
export interface NotServed {
  field: string;
}

/**
 * For each record (its reference and fields), the field naming a practice the grant lacks, or undefined
 * when it may write it: both the practice the record names and the one a stored record of that reference
 * is of must be served, so a client can neither write into nor take over another practice's record.
 */
export async function practicesNotServed(
  db: Database,
  grant: MachineGrant,
  kind: PracticeRecordKind,
  records: readonly { ref: string; fields: Readonly<Record<string, unknown>> }[],
): Promise<(NotServed | undefined)[]> {
  if (grant.practices === 'all') return records.map(() => undefined);
  if (kind === 'appointment-reasons') return records.map(() => ({ field: 'reason_ref' }));
  const { field, table } = namedBy[kind];
  const named = records.map(({ fields }) => {
    const value = fields[field];
    return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
  });
  const stored = await practiceRefs(
    db,
    kind,
    records.map((record) => record.ref),
  );
  const viaNamed = table === 'practices' ? undefined : await practiceRefs(db, table, named);
  return records.map((record, index) => {
    const storedPractice = stored.get(record.ref);
    if (storedPractice !== undefined && !servesPractice(grant, storedPractice))
      return { field: practiceRecordRefFields[kind] };
    const name = named[index] ?? '';
    // A practice named by reference is judged as named; one reached through a client or pet only when
    // that record exists (an unknown one is the import's refusal to give).
    const practice = viaNamed === undefined ? (name === '' ? undefined : name) : viaNamed.get(name);
    if (practice !== undefined && !servesPractice(grant, practice)) return { field };
    return undefined;
  });
}

/** Whether the grant may see the stored record of this reference (one it may not answers as missing). */
export async function storedRecordServed(
  db: Database,
  grant: MachineGrant,
  kind: PracticeRecordKind,
  ref: string,
): Promise<boolean> {
  if (grant.practices === 'all') return true;
  if (kind === 'appointment-reasons') return false;
  const stored = await practiceRefs(db, kind, [ref]);
  const practice = stored.get(ref);
  return practice === undefined || servesPractice(grant, practice);
}
