import {
  maxBookingPaymentPence,
  minBookingPaymentPence,
  type BookingPaymentAudience,
  type BookingPaymentKind,
} from '@vet/contracts/payment-rules';
import { formatPounds } from '@vet/contracts/money';
import type { Database } from '@vet/db/connection';
import { appointmentReasons } from '@vet/db/schema/lookups';
import { bookingPaymentPolicies } from '@vet/db/schema/payments';
import { practices } from '@vet/db/schema/practices';
import { and, asc, eq, sql } from 'drizzle-orm';
import { badRequest, notFound } from '../../platform/index.ts';

/**
 * The write side of booking payment policies (issue 64, decision 0158): what a practice asks to book a
 * reason online, set, replaced or cleared by its practice system (the integration API) or the operator
 * (`portal-admin payments policy`). The last word wins, whoever says it; `source` records whose it was.
 * Practices and reasons are the portal's ids here: the integration API finds them by reference first.
 */

export type BookingPaymentSource = 'practice_system' | 'operator';

export interface BookingPaymentPolicyInput {
  practiceId: number;
  reasonId: number;
  kind: BookingPaymentKind;
  amountPence: number;
  /** Everyone when left out. */
  appliesTo?: BookingPaymentAudience | undefined;
  source: BookingPaymentSource;
  /** What a refused amount's issue names: the caller's own word for it (`amount_pence`, `--amount`). */
  amountField?: string;
}

export interface StoredBookingPaymentPolicy {
  practiceId: number;
  practiceRef: string | null;
  reasonId: number;
  reasonRef: string | null;
  reasonName: string;
  kind: BookingPaymentKind;
  amountPence: number;
  appliesTo: BookingPaymentAudience;
  source: BookingPaymentSource;
  updatedAt: Date;
}

export const policyMessages = {
  unknownPractice: 'No practice has that id.',
  unknownReason: 'No appointment reason has that id.',
  amount: `A deposit or card hold is whole pence from ${minBookingPaymentPence} to ${maxBookingPaymentPence} (${formatPounds(minBookingPaymentPence)} to ${formatPounds(maxBookingPaymentPence)}).`,
} as const;

/** Why the amount cannot be asked at booking, or undefined when it can (the table's check, said first). */
export function bookingPaymentAmountProblem(amountPence: number): string | undefined {
  const fits =
    Number.isInteger(amountPence) &&
    amountPence >= minBookingPaymentPence &&
    amountPence <= maxBookingPaymentPence;
  return fits ? undefined : policyMessages.amount;
}

/** 404 for a practice or reason that does not exist, so nothing reaches a foreign key's refusal. */
async function requirePracticeAndReason(db: Database, practiceId: number, reasonId: number) {
  const { rows } = await db.execute<{ practice: number | null; reason: number | null }>(sql`
    select (select id from practices where id = ${practiceId}) as practice,
           (select id from appointment_reasons where id = ${reasonId}) as reason`);
  if (rows[0]?.practice == null) throw notFound(policyMessages.unknownPractice);
  if (rows[0].reason == null) throw notFound(policyMessages.unknownReason);
}

/** A practice or reason deleted between the check and the write: answered as missing, never a 500. */
const isForeignKeyRefusal = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  ((error as { code?: unknown }).code === '23503' ||
    (error as { cause?: { code?: unknown } }).cause?.code === '23503');

/**
 * Sets the reason's policy at the practice, replacing any before. `unchanged` when it already said
 * exactly this (same kind, amount, audience and source): its time stays, so a repeated write is a no-op.
 */
export async function setBookingPaymentPolicy(
  db: Database,
  input: BookingPaymentPolicyInput,
): Promise<{ outcome: 'created' | 'changed' | 'unchanged'; policy: StoredBookingPaymentPolicy }> {
  const problem = bookingPaymentAmountProblem(input.amountPence);
  if (problem) throw badRequest(problem, [{ path: input.amountField ?? 'amount_pence', message: problem }]);
  await requirePracticeAndReason(db, input.practiceId, input.reasonId);
  const values = {
    practiceId: input.practiceId,
    reasonId: input.reasonId,
    kind: input.kind,
    amountPence: input.amountPence,
    appliesTo: input.appliesTo ?? 'everyone',
    source: input.source,
  };
  const t = bookingPaymentPolicies;
  let written: { created: boolean }[];
  try {
    written = await db
      .insert(t)
      .values(values)
      .onConflictDoUpdate({
        target: [t.practiceId, t.reasonId],
        set: {
          kind: sql`excluded.kind`,
          amountPence: sql`excluded.amount_pence`,
          appliesTo: sql`excluded.applies_to`,
          source: sql`excluded.source`,
          updatedAt: sql`now()`,
        },
        setWhere: sql`(${t.kind}, ${t.amountPence}, ${t.appliesTo}, ${t.source})
          is distinct from (excluded.kind, excluded.amount_pence, excluded.applies_to, excluded.source)`,
      })
      // xmax is 0 on a row this statement inserted, set on one it updated.
      .returning({ created: sql<boolean>`(xmax = 0)` });
  } catch (error) {
    if (isForeignKeyRefusal(error)) await requirePracticeAndReason(db, input.practiceId, input.reasonId);
    throw error;
  }
  const [policy] = await findPolicies(db, { practiceId: input.practiceId, reasonId: input.reasonId });
  // Cleared, or its practice or reason removed, in the moment between: answered as missing.
  if (!policy) throw notFound(policyMessages.unknownReason);
  const [row] = written;
  return { outcome: row === undefined ? 'unchanged' : row.created ? 'created' : 'changed', policy };
}

/** Clears the reason's policy at the practice (nothing is then asked); false when it had none. */
export async function clearBookingPaymentPolicy(
  db: Database,
  key: { practiceId: number; reasonId: number },
): Promise<boolean> {
  await requirePracticeAndReason(db, key.practiceId, key.reasonId);
  const t = bookingPaymentPolicies;
  const removed = await db
    .delete(t)
    .where(and(eq(t.practiceId, key.practiceId), eq(t.reasonId, key.reasonId)))
    .returning({ reasonId: t.reasonId });
  return removed.length > 0;
}

/** Every policy of a practice (404 when it does not exist), or of every practice; by practice, then reason. */
export async function listBookingPaymentPolicies(
  db: Database,
  filter: { practiceId?: number | undefined } = {},
): Promise<StoredBookingPaymentPolicy[]> {
  if (filter.practiceId !== undefined) {
    const [practice] = await db
      .select({ id: practices.id })
      .from(practices)
      .where(eq(practices.id, filter.practiceId));
    if (!practice) throw notFound(policyMessages.unknownPractice);
  }
  return findPolicies(db, filter);
}

async function findPolicies(
  db: Database,
  filter: { practiceId?: number | undefined; reasonId?: number },
): Promise<StoredBookingPaymentPolicy[]> {
  const t = bookingPaymentPolicies;
  const rows = await db
    .select({
      practiceId: t.practiceId,
      practiceRef: practices.pmsRef,
      reasonId: t.reasonId,
      reasonRef: appointmentReasons.pmsRef,
      reasonName: appointmentReasons.name,
      kind: t.kind,
      amountPence: t.amountPence,
      appliesTo: t.appliesTo,
      source: t.source,
      updatedAt: t.updatedAt,
    })
    .from(t)
    .innerJoin(practices, eq(practices.id, t.practiceId))
    .innerJoin(appointmentReasons, eq(appointmentReasons.id, t.reasonId))
    .where(
      and(
        filter.practiceId === undefined ? undefined : eq(t.practiceId, filter.practiceId),
        filter.reasonId === undefined ? undefined : eq(t.reasonId, filter.reasonId),
      ),
    )
    .orderBy(asc(t.practiceId), asc(appointmentReasons.sortOrder), asc(appointmentReasons.name));
  // The table's check allows only these two.
  return rows.map((row) => ({ ...row, source: row.source as BookingPaymentSource }));
}
