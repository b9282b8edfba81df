import { createHash, randomBytes } from 'node:crypto';
import type { AppointmentDetail } from '@vet/contracts/appointment-booking';
import { earlierTimeOfferMessages, type EarlierTimeOffer } from '@vet/contracts/earlier-times';
import { practiceDate } from '@vet/contracts/practice-clock';
import type { Database, Executor } from '@vet/db/connection';
import { endEarlierTimeRequests, type FreedSpan } from '@vet/db/earlier-time-requests';
import { appointments, clinicianReservations, softBookings } from '@vet/db/schema/appointments';
import { clients, pets } from '@vet/db/schema/clients';
import { earlierTimeOffers, earlierTimeRequests } from '@vet/db/schema/earlier-times';
import { appointmentReasons } from '@vet/db/schema/lookups';
import { practices } from '@vet/db/schema/practices';
import { brandedEmail } from '@vet/email/branded-email';
import { enqueueEmail } from '@vet/email/enqueue-email';
import { and, asc, eq, gt, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import {
  appointmentEventColumns,
  bookableSlots,
  databaseError,
  isLostRace,
  loadBookingContext,
  lockClinician,
  lockPet,
  MINUTE_MS,
  moveReservation,
  nextCalendarSequence,
  PET_OVERLAP_CONSTRAINT,
  practiceTime,
  previousEventColumns,
  recordAmended,
  recordChangeEmail,
  releaseExpiredHolds,
  toDetail,
  type BookingDeps,
  type ReadyContext,
} from '../booking/index.ts';
import { badRequest, conflict, notFound } from '../http/index.ts';

/** Decision 0086: how long a freed time is held for the one it is offered to. */
export const OFFER_HOLD_MINUTES = 15;

export const earlierTimeMessages = {
  notWaitable: 'Only a booked appointment still to come can wait for an earlier time.',
  latestDate: 'Choose a date from today up to the day of your appointment.',
  offerNotOpen: 'This earlier time is no longer held for you.',
  offerSubject: 'An earlier time has come up',
  offerLabel: 'See the earlier time and take it',
} as const;

export interface EarlierTimesDeps extends BookingDeps {
  /** The page an offer's e-mail links to, with its token (the token is the offer's only key). */
  offerLink: (token: string) => string;
}

export interface EarlierTimeRequestView {
  appointmentId: number;
  latestDate: string;
  status: 'Waiting' | 'Offered';
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const range = (startsAt: Date, endsAt: Date) => `[${startsAt.toISOString()},${endsAt.toISOString()})`;

const notFoundAppointment = () => notFound('We could not find that appointment.');

/**
 * POST /appointments/{id}/earlier-times: joins the practice's line (or changes the latest date of the
 * request already in it, keeping its place). Only the client's own booked appointment still to come.
 */
export async function joinEarlierTimes(
  deps: EarlierTimesDeps,
  clientId: number,
  appointmentId: number,
  latestDate: string,
): Promise<EarlierTimeRequestView> {
  const record = await deps.appointments.findRecord(clientId, appointmentId);
  if (!record) throw notFoundAppointment();
  const now = deps.now();
  if (record.status !== 'Booked' || record.startsAt.getTime() <= now.getTime()) {
    throw conflict(earlierTimeMessages.notWaitable);
  }
  if (latestDate < practiceDate(now) || latestDate > practiceDate(record.startsAt)) {
    throw badRequest(earlierTimeMessages.latestDate, [
      { path: 'latestDate', message: earlierTimeMessages.latestDate },
    ]);
  }
  const [row] = await deps.db
    .insert(earlierTimeRequests)
    .values({ appointmentId, clientId, practiceId: record.practiceId, latestDate, createdAt: now })
    .onConflictDoUpdate({
      target: earlierTimeRequests.appointmentId,
      targetWhere: sql`${earlierTimeRequests.status} in ('Waiting', 'Offered')`,
      set: { latestDate },
    })
    .returning({ latestDate: earlierTimeRequests.latestDate, status: earlierTimeRequests.status });
  return { appointmentId, latestDate: row!.latestDate, status: row!.status as 'Waiting' | 'Offered' };
}

/** GET /appointments/{id}/earlier-times: the live request, or null. */
export async function readEarlierTimes(
  deps: EarlierTimesDeps,
  clientId: number,
  appointmentId: number,
): Promise<EarlierTimeRequestView | null> {
  const record = await deps.appointments.findRecord(clientId, appointmentId);
  if (!record) throw notFoundAppointment();
  const [row] = await deps.db
    .select({ latestDate: earlierTimeRequests.latestDate, status: earlierTimeRequests.status })
    .from(earlierTimeRequests)
    .where(
      and(
        eq(earlierTimeRequests.appointmentId, appointmentId),
        eq(earlierTimeRequests.clientId, clientId),
        inArray(earlierTimeRequests.status, ['Waiting', 'Offered']),
      ),
    );
  return row
    ? { appointmentId, latestDate: row.latestDate, status: row.status as 'Waiting' | 'Offered' }
    : null;
}

/** DELETE /appointments/{id}/earlier-times: leaves the line; a time held for the request goes to the next. */
export async function leaveEarlierTimes(deps: EarlierTimesDeps, clientId: number, appointmentId: number) {
  const record = await deps.appointments.findRecord(clientId, appointmentId);
  if (!record) throw notFoundAppointment();
  const freed = await deps.db.transaction((tx) => endEarlierTimeRequests(tx, [appointmentId], deps.now()));
  await offerFreedTimes(deps, freed);
}

interface WaitingRequest {
  requestId: number;
  appointmentId: number;
  clientId: number;
  petId: number;
  reasonId: number;
  startsAt: Date;
  latestDate: string;
  allowed: boolean;
  email: string | null;
  firstName: string;
  lastName: string;
  petName: string;
  speciesId: number;
}

/** Requests whose appointment was cancelled, has started, or whose latest date has passed: ended. */
async function endStaleRequests(deps: EarlierTimesDeps, practiceId: number | null): Promise<FreedSpan[]> {
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

/** The practice's line for a freed span, first come first: booked appointments later than the span. */
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
      allowed: clients.onlineBookingAllowed,
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
  const searcher = { clientId: waiting.clientId, allowed: waiting.allowed, homePracticeId: null };
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
      await lockClinician(tx, clinicianId);
      const [request] = await tx
        .select({ id: earlierTimeRequests.id })
        .from(earlierTimeRequests)
        .where(and(eq(earlierTimeRequests.id, waiting.requestId), eq(earlierTimeRequests.status, 'Waiting')))
        .for('update');
      if (!request) return 'gone' as const;
      await releaseExpiredHolds(tx, clinicianId, startsAt, endsAt, now);
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
      await tx.insert(clinicianReservations).values({
        clinicianId,
        during: range(startsAt, endsAt),
        softBookingId: hold!.id,
        holdExpiresAt: expiresAt,
      });
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
    if (isLostRace(databaseError(error).code)) return 'taken';
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

const offerColumns = {
  offerId: earlierTimeOffers.id,
  status: earlierTimeOffers.status,
  clinicianId: earlierTimeOffers.clinicianId,
  softBookingId: earlierTimeOffers.softBookingId,
  offeredStartsAt: earlierTimeOffers.startsAt,
  offeredEndsAt: earlierTimeOffers.endsAt,
  expiresAt: earlierTimeOffers.expiresAt,
  requestId: earlierTimeRequests.id,
  appointmentId: appointments.id,
  clientId: appointments.clientId,
  petId: appointments.petId,
  appointmentStatus: appointments.status,
  startsAt: appointments.startsAt,
  petName: pets.name,
  reasonName: appointmentReasons.name,
  clinicianType: appointmentReasons.clinicianType,
  practiceName: practices.name,
  holdStatus: softBookings.status,
  holdDisplacedAt: softBookings.displacedAt,
};

async function openOffer(deps: EarlierTimesDeps, executor: Executor | Database, token: string, lock = false) {
  const query = executor
    .select(offerColumns)
    .from(earlierTimeOffers)
    .innerJoin(earlierTimeRequests, eq(earlierTimeRequests.id, earlierTimeOffers.requestId))
    .innerJoin(appointments, eq(appointments.id, earlierTimeRequests.appointmentId))
    .innerJoin(pets, eq(pets.id, appointments.petId))
    .innerJoin(appointmentReasons, eq(appointmentReasons.id, appointments.reasonId))
    .innerJoin(practices, eq(practices.id, appointments.practiceId))
    .innerJoin(softBookings, eq(softBookings.id, earlierTimeOffers.softBookingId))
    .where(eq(earlierTimeOffers.tokenHash, hashToken(token)));
  const [row] = lock ? await query.for('update', { of: earlierTimeOffers }) : await query;
  const now = deps.now().getTime();
  // A hold a practice booking displaced (decision 0063) is Released and its offer ended: the page says so.
  if (row && row.holdDisplacedAt !== null) {
    throw notFound(earlierTimeOfferMessages.givenAway);
  }
  if (
    !row ||
    row.status !== 'Offered' ||
    row.holdStatus !== 'Held' ||
    row.expiresAt.getTime() <= now ||
    row.appointmentStatus !== 'Booked'
  ) {
    throw notFound(earlierTimeMessages.offerNotOpen);
  }
  return row;
}

export interface EarlierTimeOfferView {
  petName: string;
  reasonName: string;
  clinicianType: EarlierTimeOffer['clinicianType'];
  practiceName: string;
  currentStartsAt: string;
  offeredStartsAt: string;
  offeredEndsAt: string;
  heldUntil: string;
}

/** POST /earlier-time-offer: what the offer's page shows; reading it changes nothing (decision 0059). */
export async function readOffer(deps: EarlierTimesDeps, token: string): Promise<EarlierTimeOfferView> {
  const row = await openOffer(deps, deps.db, token);
  return {
    petName: row.petName,
    reasonName: row.reasonName,
    clinicianType: row.clinicianType,
    practiceName: row.practiceName,
    currentStartsAt: row.startsAt.toISOString(),
    offeredStartsAt: row.offeredStartsAt.toISOString(),
    offeredEndsAt: row.offeredEndsAt.toISOString(),
    heldUntil: row.expiresAt.toISOString(),
  };
}

/**
 * POST /earlier-time-offer/take: the one press. In one transaction, behind the pet's and the clinician's
 * locks: the offer (still open) taken, its hold converted and its reservation deleted, the appointment's
 * reservation moved onto the time (the amend path's moveReservation: the constraint checks it), the
 * appointment moved, its appointment.amended event and its changed-time e-mail, the request Taken. The
 * old time is then offered to the line.
 */
export async function takeOffer(deps: EarlierTimesDeps, token: string): Promise<AppointmentDetail> {
  const first = await openOffer(deps, deps.db, token);
  const now = deps.now();
  const result = await deps.db
    .transaction(async (tx) => {
      await lockPet(tx, first.petId);
      await lockClinician(tx, first.clinicianId);
      const offer = await openOffer(deps, tx, token, true);
      const record = await deps.appointments.findRecord(offer.clientId, offer.appointmentId, tx, true);
      if (!record || record.status !== 'Booked') throw notFound(earlierTimeMessages.offerNotOpen);
      await tx
        .update(softBookings)
        .set({ status: 'Converted', convertedAppointmentId: offer.appointmentId })
        .where(eq(softBookings.id, offer.softBookingId));
      await tx
        .delete(clinicianReservations)
        .where(eq(clinicianReservations.softBookingId, offer.softBookingId));
      await moveReservation(
        tx,
        offer.appointmentId,
        offer.clinicianId,
        offer.offeredStartsAt,
        offer.offeredEndsAt,
      );
      const previous = { ...record, reasonId: record.appointmentReasonId };
      const [amended] = await tx
        .update(appointments)
        .set({
          clinicianId: offer.clinicianId,
          startsAt: offer.offeredStartsAt,
          endsAt: offer.offeredEndsAt,
          flaggedAt: null,
          updatedAt: now,
        })
        .where(eq(appointments.id, offer.appointmentId))
        .returning({ ...appointmentEventColumns, ...previousEventColumns(previous) });
      await recordAmended(tx, amended!, previous);
      await tx
        .update(earlierTimeOffers)
        .set({ status: 'Taken' })
        .where(eq(earlierTimeOffers.id, offer.offerId));
      await tx
        .update(earlierTimeRequests)
        .set({ status: 'Taken', endedAt: now })
        .where(eq(earlierTimeRequests.id, offer.requestId));
      const [client] = await tx
        .select({ email: clients.email, firstName: clients.firstName })
        .from(clients)
        .where(eq(clients.id, offer.clientId));
      if (client?.email) {
        const calendarSequence = await nextCalendarSequence(tx, offer.appointmentId);
        const moved = {
          ...record,
          startsAt: offer.offeredStartsAt,
          endsAt: offer.offeredEndsAt,
          calendarSequence,
        };
        await enqueueEmail(
          tx,
          recordChangeEmail(
            moved,
            { email: client.email, firstName: client.firstName },
            {
              change: 'amended',
              brandName: deps.brandName,
              organizerEmail: deps.organizerEmail,
              changedAt: now,
              manageUrl: deps.manageLink?.(offer.appointmentId),
            },
          ),
        );
      }
      return {
        clientId: offer.clientId,
        freed: {
          practiceId: record.practiceId,
          clinicianId: record.clinicianId,
          startsAt: record.startsAt,
          endsAt: record.endsAt,
        },
      };
    })
    .catch((error: unknown) => {
      const { code, constraint } = databaseError(error);
      if (constraint === PET_OVERLAP_CONSTRAINT || isLostRace(code)) {
        throw conflict(earlierTimeMessages.offerNotOpen);
      }
      throw error;
    });
  await offerFreedTime(deps, result.freed);
  const detail = await deps.appointments.findRecord(result.clientId, first.appointmentId);
  return toDetail(detail!);
}

/**
 * The scheduled job (every minute): offers whose 15 minutes ran out lapse, their holds expire and their
 * time goes to the next in line (the request that let it go waits on, for other times); guest holds that
 * ran out expire and their time is offered; requests whose date passed end.
 */
export async function runEarlierTimes(deps: EarlierTimesDeps): Promise<{ lapsed: number; offered: number }> {
  const now = deps.now();
  const spans: FreedSpan[] = [];
  const due = await deps.db
    .select({ id: earlierTimeOffers.id, clinicianId: earlierTimeOffers.clinicianId })
    .from(earlierTimeOffers)
    .where(and(eq(earlierTimeOffers.status, 'Offered'), lte(earlierTimeOffers.expiresAt, now)));
  let lapsed = 0;
  for (const offer of due) {
    const span = await deps.db.transaction(async (tx) => {
      await lockClinician(tx, offer.clinicianId);
      const [ended] = await tx
        .update(earlierTimeOffers)
        .set({ status: 'Lapsed' })
        .where(
          and(
            eq(earlierTimeOffers.id, offer.id),
            eq(earlierTimeOffers.status, 'Offered'),
            lte(earlierTimeOffers.expiresAt, now),
          ),
        )
        .returning();
      if (!ended) return null;
      await tx
        .update(softBookings)
        .set({ status: 'Expired' })
        .where(and(eq(softBookings.id, ended.softBookingId), eq(softBookings.status, 'Held')));
      await tx
        .delete(clinicianReservations)
        .where(eq(clinicianReservations.softBookingId, ended.softBookingId));
      const [request] = await tx
        .update(earlierTimeRequests)
        .set({ status: 'Waiting' })
        .where(and(eq(earlierTimeRequests.id, ended.requestId), eq(earlierTimeRequests.status, 'Offered')))
        .returning({ practiceId: earlierTimeRequests.practiceId });
      const [hold] = await tx
        .select({ practiceId: softBookings.practiceId })
        .from(softBookings)
        .where(eq(softBookings.id, ended.softBookingId));
      return {
        practiceId: request?.practiceId ?? hold!.practiceId,
        clinicianId: ended.clinicianId,
        startsAt: ended.startsAt,
        endsAt: ended.endsAt,
      };
    });
    if (span) {
      lapsed += 1;
      spans.push(span);
    }
  }
  spans.push(...(await expireGuestHoldsFreeing(deps.db, now)));
  spans.push(...(await endStaleRequests(deps, null)));
  const offered = await offerFreedTimes(deps, spans);
  return { lapsed, offered };
}

/** How far back a guest hold's expiry is still news: the e-mail worker may have expired it first. */
const GUEST_HOLD_WINDOW_MS = 3 * MINUTE_MS;

/**
 * Guest holds (not offers) whose time ran out: Expired and their reservations deleted, as the e-mail
 * worker's expireGuestHolds does (each updates only rows still Held, so a hold is expired once), and the
 * spans of every guest hold that ran out in the last few minutes, whoever expired it, answered to be
 * offered. A span offered twice is held once: the second search finds the first's hold.
 */
async function expireGuestHoldsFreeing(db: Database, now: Date): Promise<FreedSpan[]> {
  const result = await db.execute<{
    practice_id: number;
    clinician_id: number;
    starts_at: string;
    ends_at: string;
  }>(sql`
    with expired as (
      update soft_bookings b set status = 'Expired'
      where b.status = 'Held' and b.expires_at <= ${now.toISOString()}::timestamptz
        and not exists (select 1 from earlier_time_offers o where o.soft_booking_id = b.id)
      returning b.id, b.practice_id, b.clinician_id, b.starts_at, b.ends_at
    ),
    gone as (delete from clinician_reservations r using expired where r.soft_booking_id = expired.id)
    select practice_id, clinician_id, starts_at, ends_at from expired
    union
    select b.practice_id, b.clinician_id, b.starts_at, b.ends_at from soft_bookings b
    where b.status = 'Expired'
      and b.expires_at > ${new Date(now.getTime() - GUEST_HOLD_WINDOW_MS).toISOString()}::timestamptz
      and b.expires_at <= ${now.toISOString()}::timestamptz
      and not exists (select 1 from earlier_time_offers o where o.soft_booking_id = b.id)`);
  return result.rows.map((row) => ({
    practiceId: Number(row.practice_id),
    clinicianId: Number(row.clinician_id),
    startsAt: new Date(row.starts_at),
    endsAt: new Date(row.ends_at),
  }));
}
