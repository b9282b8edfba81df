import { visitPetNames } from '@vet/contracts/booking-rules';
import type { Executor } from '@vet/db/connection';
import { enqueueEmail } from '@vet/email/enqueue-email';
import type { FromPrice } from '@vet/contracts/practice-prices';
import type { AppointmentEventRow } from './appointment-events.ts';
import { nextCalendarSequence } from './appointment-calendar.ts';
import { bookedEmailNotices, type Booker, type BookingDeps } from './book-appointment.ts';
import { appointmentEmail, type PetQuote, type RecordEmailFacts } from './booking-emails.ts';
import type { ReadyContext } from './slot-search.ts';

/**
 * A visit's one confirmation (decision 0117): one e-mail and one calendar entry from the first pet's start
 * to the last pet's end. The entry's UID is the first appointment's, so the visit's cancellation replaces
 * it. No manage link: a link acts on one appointment, and a visit is changed as one, in the portal.
 */
export async function enqueueVisitEmail(
  tx: Executor,
  deps: BookingDeps,
  booker: Booker,
  lead: ReadyContext,
  contexts: readonly ReadyContext[],
  rows: readonly AppointmentEventRow[],
  prices: readonly (FromPrice | null)[],
  now: Date,
): Promise<void> {
  const first = rows[0];
  const last = rows.at(-1);
  if (!first || !last || !booker.email) return;
  await enqueueEmail(
    tx,
    appointmentEmail({
      change: 'booked',
      appointmentId: first.id,
      to: booker.email,
      firstName: booker.firstName,
      brandName: deps.brandName,
      petName: visitPetNames(contexts.map((context) => context.pet?.name ?? '')),
      reasonName: lead.reason.name,
      clinicianType: lead.reason.clinicianType,
      clinicianName: lead.chosenClinicianName ?? null,
      practiceName: lead.practice.name,
      practicePhone: lead.practice.phone,
      practiceAddress: lead.practice.address,
      startsAt: first.startsAt,
      endsAt: last.endsAt,
      cutoffMinutes: lead.practice.cutoffMinutes,
      changedAt: now,
      calendarSequence: 0,
      organizerEmail: deps.organizerEmail,
      ...(await bookedEmailNotices(tx, deps, lead.practice, now)),
      // Each pet's quote, as stored on its appointment (issue 62).
      petPrices: contexts.map((context, index) => ({
        petName: context.pet?.name ?? '',
        price: prices[index] ?? null,
      })),
    }),
  );
}

/**
 * A whole visit moved or cancelled: one e-mail whose REQUEST replaces, or CANCEL removes, the visit's
 * calendar entry (the first appointment's UID, its sequence one higher).
 */
export async function enqueueVisitChangeEmail(
  tx: Executor,
  deps: BookingDeps,
  booker: Booker,
  records: readonly Omit<RecordEmailFacts, 'calendarSequence'>[],
  change: 'amended' | 'cancelled',
  now: Date,
  petPrices?: readonly PetQuote[],
): Promise<void> {
  const first = records[0];
  const last = records.at(-1);
  if (!first || !last || !booker.email) return;
  await enqueueEmail(
    tx,
    appointmentEmail({
      change,
      appointmentId: first.appointmentId,
      to: booker.email,
      firstName: booker.firstName,
      brandName: deps.brandName,
      petName: visitPetNames(records.map((record) => record.petName)),
      reasonName: first.reasonName,
      clinicianType: first.clinicianType,
      clinicianName: first.clinicianName,
      practiceName: first.practiceName,
      practicePhone: first.practicePhone,
      practiceAddress: first.practiceAddress,
      startsAt: first.startsAt,
      endsAt: last.endsAt,
      cutoffMinutes: first.cutoffMinutes,
      changedAt: now,
      calendarSequence: await nextCalendarSequence(tx, first.appointmentId),
      organizerEmail: deps.organizerEmail,
      practiceOwnerName: first.practiceOwnerName,
      portalUrl: deps.portalUrl,
      petPrices,
    }),
  );
}
