import { randomBytes } from 'node:crypto';
import { practiceDate } from '@vet/contracts/practice-clock';
import { endEarlierTimeRequests, type FreedSpan } from '@vet/clinician-time/earlier-time-requests';
import { appointments, softBookings } from '@vet/db/schema/appointments';
import { clients, pets } from '@vet/db/schema/clients';
import { earlierTimeOffers, earlierTimeRequests } from '@vet/db/schema/earlier-times';
import { brandedEmail } from '@vet/email/branded-email';
import { enqueueEmail } from '@vet/email/enqueue-email';
import { and, asc, eq, gt, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import {
  bookableSlots,
  loadBookingContext,
  MINUTE_MS,
  openDiary,
  practiceTime,
  refusalOf,
  type ReadyContext,
} from '../booking/index.ts';
import {
  earlierTimeMessages,
  hashToken,
  OFFER_HOLD_MINUTES,
  type EarlierTimesDeps,
} from './earlier-times-common.ts';

interface WaitingRequest {
  requestId: number;
  appointmentId: number;
  clientId: number;
  petId: number;
  reasonId: number;
  startsAt: Date;
  latestDate: string;
  onlineBookingAllowed: boolean;
  email: string | null;
  firstName: string;
  lastName: string;
  petName: string;
  speciesId: number;
}

/** Requests whose appointment was cancelled, has started, or whose latest date has passed: ended. */
export async function endStaleRequests(
  deps: EarlierTimesDeps,
  practiceId: number | null,
): Promise<FreedSpan[]> {
  const now = deps.now();
  const stale = await deps.db
    .select({ appointmentId: earlierTimeRequests.appointmentId })
    .from(earlierTimeRequests)
    .innerJoin(appointments, eq(appointments.id, earlierTimeRequests.appointmentId))
    .where(
      and(
        inArray(earlierTimeRequests.status, ['Waiting', 'Offered']),
        practiceId === null ? undefined : eq(earlierTimeRequests.practiceId, practiceId),
        or(
          sql`${appointments.status} <> 'Booked'`,
          lte(appointments.startsAt, now),
          lt(earlierTimeRequests.latestDate, practiceDate(now)),
        ),
      ),
    );
  if (stale.length === 0) return [];
  return deps.db.transaction((tx) =>
    endEarlierTimeRequests(
      tx,
      stale.map((row) => row.appointmentId),
      now,
    ),
  );
}

/**
 * The practice's line for a freed span, first come first: booked appointments later than the span, but
 * not those with a vet the client named, when the time is another clinician's.
 */
function waitingLine(deps: EarlierTimesDeps, span: FreedSpan): Promise<WaitingRequest[]> {
  return deps.db
    .select({
      requestId: earlierTimeRequests.id,
      appointmentId: appointments.id,
      clientId: appointments.clientId,
      petId: appointments.petId,
      reasonId: appointments.reasonId,
      startsAt: appointments.startsAt,
      latestDate: earlierTimeRequests.latestDate,
      onlineBookingAllowed: clients.onlineBookingAllowed,
      email: clients.email,
      firstName: clients.firstName,
      lastName: clients.lastName,
      petName: pets.name,
      speciesId: pets.speciesId,
    })
    .from(earlierTimeRequests)
    .innerJoin(appointments, eq(appointments.id, earlierTimeRequests.appointmentId))
    .innerJoin(clients, eq(clients.id, appointments.clientId))
    .innerJoin(pets, eq(pets.id, appointments.petId))
    .where(
      and(
        eq(earlierTimeRequests.practiceId, span.practiceId),
        eq(earlierTimeRequests.status, 'Waiting'),
        eq(appointments.status, 'Booked'),
        gt(appointments.startsAt, span.startsAt),
        span.freedBy === undefined ? undefined : ne(appointments.id, span.freedBy),
        // A booking still with the vet the client named waits for that vet's time (decision 0141).
        sql`not (${appointments.chosenClinicianId} is not distinct from ${appointments.clinicianId}
                 and ${appointments.clinicianId} <> ${span.clinicianId})`,
        sql`${earlierTimeRequests.latestDate} >= ${practiceDate(span.startsAt)}::date`,
      ),
    )
    .orderBy(asc(earlierTimeRequests.createdAt), asc(earlierTimeRequests.id));
}

/**
 * Whether the request was offered (and let go) a time overlapping the span already: not offered it again.
 * A time the desk booked from under its offer (the hold displaced) it never let go.
 */
async function hadThisTime(deps: EarlierTimesDeps, requestId: number, span: FreedSpan): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: earlierTimeOffers.id })
    .from(earlierTimeOffers)
    .innerJoin(softBookings, eq(softBookings.id, earlierTimeOffers.softBookingId))
    .where(
      and(
        eq(earlierTimeOffers.requestId, requestId),
        isNull(softBookings.displacedAt),
        eq(earlierTimeOffers.clinicianId, span.clinicianId),
        lt(earlierTimeOffers.startsAt, span.endsAt),
        gt(earlierTimeOffers.endsAt, span.startsAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The starts the slot engine finds bookable for the request (its reason's length and clinician kind, its
 * own appointment counted free) with the freed clinician, overlapping the span, earlier than the
 * appointment and on or before the latest date; earliest first.
 */
async function fittingStarts(
  deps: EarlierTimesDeps,
  waiting: WaitingRequest,
  span: FreedSpan,
): Promise<{ context: ReadyContext; starts: number[] } | null> {
  const searcher = {
    clientId: waiting.clientId,
    onlineBookingAllowed: waiting.onlineBookingAllowed,
    homePracticeId: null,
  };
  let context: ReadyContext;
  try {
    context = await loadBookingContext(deps, searcher, {
      practiceId: span.practiceId,
      appointmentReasonId: waiting.reasonId,
      petId: waiting.petId,
    });
  } catch {
    return null; // booking closed to this client, pet or reason now: nothing fits
  }
  const found = await bookableSlots(deps, context, searcher, {
    fromDate: practiceDate(span.startsAt),
    toDate: practiceDate(span.endsAt),
    existingAppointmentId: waiting.appointmentId,
  });
  const starts = found.slots
    .filter(
      (slot) =>
        slot.clinicianIds.includes(span.clinicianId) &&
        // Starting in the freed time: what came free, not time that was free all along.
        slot.startsAt >= span.startsAt.getTime() &&
        slot.startsAt < span.endsAt.getTime() &&
        slot.startsAt < waiting.startsAt.getTime() &&
        practiceDate(new Date(slot.startsAt)) <= waiting.latestDate,
    )
    .map((slot) => slot.startsAt)
    .sort((a, b) => a - b);
  return { context, starts };
}

function offerEmail(
  deps: EarlierTimesDeps,
  waiting: WaitingRequest & { email: string },
  context: ReadyContext,
  offered: { startsAt: Date; expiresAt: Date },
  token: string,
) {
  const content = brandedEmail({
    brandName: deps.brandName,
    subject: earlierTimeMessages.offerSubject,
    greeting: `Hello ${waiting.firstName},`,
    paragraphs: [
      `An earlier time has come up for ${waiting.petName}'s ${context.reason.name} at ${context.practice.name}: ${practiceTime(offered.startsAt)}.`,
      `We are holding it for you until ${practiceTime(offered.expiresAt)}. Your appointment on ${practiceTime(waiting.startsAt)} stays as it is unless you take the earlier time.`,
    ],
    action: { label: earlierTimeMessages.offerLabel, url: deps.offerLink(token) },
    // The closing lines of every e-mail (decision 0143): the practice's owner and the complaints page.
    ...(deps.portalUrl
      ? {
          sender: {
            portalUrl: deps.portalUrl,
            practice: { name: context.practice.name, ownerName: context.practice.ownerName },
          },
        }
      : {}),
  });
  return { to: waiting.email, ...content };
}

type HoldResult = 'held' | 'taken' | 'gone';

/**
 * Holds one start for one request, in one transaction: the clinician's lock, a soft booking and its
 * reservation (the exclusion constraint refuses a time anyone holds: 'taken'), the offer, the request
 * marked Offered, and the e-mail in the outbox. 'gone': the request left the line meanwhile.
 */
async function holdFor(
  deps: EarlierTimesDeps,
  waiting: WaitingRequest & { email: string },
  context: ReadyContext,
  clinicianId: number,
  startsAt: Date,
): Promise<HoldResult> {
  const now = deps.now();
  const endsAt = new Date(startsAt.getTime() + context.reason.durationMinutes * MINUTE_MS);
  const expiresAt = new Date(now.getTime() + OFFER_HOLD_MINUTES * MINUTE_MS);
  const token = randomBytes(32).toString('base64url');
  try {
    return await deps.db.transaction(async (tx) => {
      const diary = await openDiary(tx, { clinicianId, clock: () => now });
      const [request] = await tx
        .select({ id: earlierTimeRequests.id })
        .from(earlierTimeRequests)
        .where(and(eq(earlierTimeRequests.id, waiting.requestId), eq(earlierTimeRequests.status, 'Waiting')))
        .for('update');
      if (!request) return 'gone' as const;
      const [hold] = await tx
        .insert(softBookings)
        .values({
          practiceId: context.practice.practiceId,
          clinicianId,
          reasonId: context.reason.appointmentReasonId,
          startsAt,
          endsAt,
          expiresAt,
          firstName: waiting.firstName,
          lastName: waiting.lastName,
          email: waiting.email,
          petName: waiting.petName,
          speciesId: waiting.speciesId,
          createdAt: now,
        })
        .returning({ id: softBookings.id });
      await diary.hold({ holdId: hold!.id, startsAt, endsAt, expiresAt });
      await tx.insert(earlierTimeOffers).values({
        requestId: waiting.requestId,
        softBookingId: hold!.id,
        clinicianId,
        startsAt,
        endsAt,
        expiresAt,
        tokenHash: hashToken(token),
        createdAt: now,
      });
      await tx
        .update(earlierTimeRequests)
        .set({ status: 'Offered' })
        .where(eq(earlierTimeRequests.id, waiting.requestId));
      await enqueueEmail(tx, offerEmail(deps, waiting, context, { startsAt, expiresAt }, token));
      return 'held' as const;
    });
  } catch (error) {
    if (refusalOf(error) === 'taken') return 'taken';
    throw error;
  }
}

/**
 * A time came free (a cancellation, a move, a hold that ran out): offered to the practice's line, first
 * come first. Each request the time fits (the slot engine's answer for its reason, with its own
 * appointment counted free) is offered the earliest fitting start, held for it; a long span may serve
 * several in turn, each search seeing the holds made before it.
 */
export async function offerFreedTime(deps: EarlierTimesDeps, span: FreedSpan): Promise<number> {
  await endStaleRequests(deps, span.practiceId);
  let offered = 0;
  for (const waiting of await waitingLine(deps, span)) {
    if (waiting.email === null) continue;
    if (await hadThisTime(deps, waiting.requestId, span)) continue;
    const fitting = await fittingStarts(deps, waiting, span);
    if (!fitting) continue;
    for (const start of fitting.starts) {
      const result = await holdFor(
        deps,
        { ...waiting, email: waiting.email },
        fitting.context,
        span.clinicianId,
        new Date(start),
      );
      if (result === 'held') offered += 1;
      if (result !== 'taken') break;
    }
  }
  return offered;
}

/** offerFreedTime for each span, one after another. */
export async function offerFreedTimes(deps: EarlierTimesDeps, spans: readonly FreedSpan[]): Promise<number> {
  let offered = 0;
  // The earliest first: the line's first is offered the soonest of the times freed together.
  const earliestFirst = [...spans].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  for (const span of earliestFirst) offered += await offerFreedTime(deps, span);
  return offered;
}
