import { appointmentReasons } from '@vet/db/schema/lookups';
import { bookingPaymentPolicies } from '@vet/db/schema/payments';
import { practices } from '@vet/db/schema/practices';
import type { SeedTransaction } from '@vet/db/seed/seed-transaction';
import { eq, inArray } from 'drizzle-orm';
import { demoRef, reasonRef } from './demo-references.ts';

/**
 * What the demo's first practice asks to book online (issue 64, decision 0158), so `npm start` shows a
 * deposit and a card hold: reasons the end-to-end journeys of other features do not book there, so they
 * keep booking without paying. Set as the operator would (`portal-admin payments policy set`).
 */
export const DEMO_BOOKING_PAYMENTS = [
  { reason: 'New pet initial consultation', kind: 'deposit', amountPence: 2000 },
  { reason: 'Nurse clinic', kind: 'card_hold', amountPence: 3000 },
] as const;

export async function seedDemoBookingPayments(tx: SeedTransaction): Promise<void> {
  const [practice] = await tx
    .select({ id: practices.id })
    .from(practices)
    .where(eq(practices.pmsRef, demoRef.practice(1)));
  const refs = DEMO_BOOKING_PAYMENTS.map((policy) => reasonRef(policy.reason));
  const reasons = await tx
    .select({ id: appointmentReasons.id, ref: appointmentReasons.pmsRef })
    .from(appointmentReasons)
    .where(inArray(appointmentReasons.pmsRef, refs));
  const reasonIds = new Map(reasons.map((reason) => [reason.ref, reason.id]));
  if (!practice || reasonIds.size !== refs.length)
    throw new Error('The demo import left out the first practice or a reason its booking payments name');
  await tx
    .insert(bookingPaymentPolicies)
    .values(
      DEMO_BOOKING_PAYMENTS.map((policy) => ({
        practiceId: practice.id,
        reasonId: reasonIds.get(reasonRef(policy.reason)) ?? 0,
        kind: policy.kind,
        amountPence: policy.amountPence,
        appliesTo: 'everyone' as const,
        source: 'operator',
      })),
    )
    .onConflictDoNothing();
}
