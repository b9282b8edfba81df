import {
  bookingMessages,
  bookingRefusal,
  type AppointmentSlot,
  type AppointmentSlots,
  type BookingRefusal,
} from '@vet/contracts/appointment-booking';
import { featureKeys } from '@vet/contracts/practices';
import { addDays, practiceDate, practiceOffset, practiceTimeZone } from '@vet/contracts/practice-clock';
import { badRequest, forbidden, notFound, type ApiProblem } from '../../platform/index.ts';
import type { BookingContext, BookingRepository } from './booking-repository.ts';
import {
  defaultSearchDates,
  findBookableSlots,
  searchableSpan,
  trimmedDates,
} from './slot-engine/find-bookable-slots.ts';
import { DAY_MS, MINUTE_MS, type BookableSlot, type SlotSettings } from './slot-engine/types.ts';

/** Who is searching: a signed-in client or a guest (clientId and homePracticeId null). */
export interface Searcher {
  clientId: number | null;
  /** isAppointmentBookingAndPetRegistrationAllowed; a guest is allowed. */
  onlineBookingAllowed: boolean;
  /**
   * R6.4: a client searches, books and amends at their home practice only; null: any practice listed
   * online (a guest, or completing a guest's hold at the practice the guest chose).
   */
  homePracticeId: number | null;
}

export interface SlotSearchInput {
  practiceId: number;
  appointmentReasonId: number;
  petId?: number;
  fromDate?: string;
  toDate?: string;
  existingAppointmentId?: number;
  existingSoftBookingId?: string;
  /** The client's own visit being moved (decision 0117): its appointments count as free. */
  existingVisitId?: string;
  /** A clinician the client chose (decision 0101): that clinician's starts only. */
  clinicianId?: number;
  /** A visit for this many pets (decision 0117): the reason's duration, that many times, back to back. */
  petCount?: number;
}

export interface SlotSearchDeps {
  repository: BookingRepository;
  now: () => Date;
}

export type ReadyContext = BookingContext & {
  reason: NonNullable<BookingContext['reason']>;
  /** The clinician the client chose, checked (decision 0101); undefined: any of the reason's type. */
  chosenClinicianId?: number | undefined;
  /** Their name, as the client chose it (decision 0141); undefined: any of the reason's type. */
  chosenClinicianName?: string | undefined;
};

const refusalProblems: Record<BookingRefusal, () => ApiProblem> = {
  bookingUnavailable: () => forbidden(bookingMessages.bookingUnavailable),
  petDeceased: () => forbidden(bookingMessages.petDeceased),
  petRehomed: () => forbidden(bookingMessages.petRehomed),
  awaitingInitialConsultation: () => forbidden(bookingMessages.awaitingInitialConsultation),
  reasonNotForSpecies: () =>
    badRequest(bookingMessages.reasonNotForSpecies, [
      { path: 'appointmentReasonId', message: bookingMessages.reasonNotForSpecies },
    ]),
};

/**
 * A practice's booking settings. Its clocks are UK time, by the one rule the web and the e-mails write
 * times with (practice-clock.ts): the practices table refuses any other zone (decision 0055).
 */
export const settingsOf = (context: BookingContext): SlotSettings => ({
  offsetOf: practiceOffset,
  gridMinutes: context.practice.gridMinutes,
  minNoticeMinutes: context.practice.minNoticeMinutes,
  horizonDays: context.practice.horizonDays,
});

/**
 * The practice, the reason and the pet, checked against the booking rules (packages/contracts): an
 * unknown practice or pet (another client's included) is not found; a closed door is 403.
 */
export async function loadBookingContext(
  deps: SlotSearchDeps,
  searcher: Searcher,
  input: Pick<SlotSearchInput, 'practiceId' | 'appointmentReasonId' | 'petId' | 'clinicianId'>,
): Promise<ReadyContext> {
  const context = await deps.repository.findContext({ ...input, clientId: searcher.clientId });
  if (!context?.practice.isOnline) throw notFound('We could not find that practice.');
  // Another practice of the group is closed to the client online as their own would be with booking off.
  if (searcher.homePracticeId !== null && input.practiceId !== searcher.homePracticeId) {
    throw refusalProblems.bookingUnavailable();
  }
  if (input.petId !== undefined && !context.pet) throw notFound('We could not find that pet.');
  const { reason, pet } = context;
  const toggles =
    context.practice.onlineBookingValue === null
      ? []
      : [{ featureKey: featureKeys.onlineBooking, value: context.practice.onlineBookingValue }];
  const refusal = bookingRefusal({
    allowed: searcher.onlineBookingAllowed,
    toggles,
    pet: pet ?? undefined,
    reason: reason ?? undefined,
  });
  if (refusal) throw refusalProblems[refusal]();
  if (!reason) {
    const message = 'Choose an appointment reason from the list.';
    throw badRequest(message, [{ path: 'appointmentReasonId', message }]);
  }
  if (input.clinicianId === undefined) return { ...context, reason };
  const name = await deps.repository.assertChoosable(
    input.practiceId,
    reason.clinicianType,
    input.clinicianId,
  );
  return { ...context, reason, chosenClinicianId: input.clinicianId, chosenClinicianName: name };
}

/**
 * A visit's context (decision 0117): the reason's duration once per pet, so that the engine finds the
 * starts where every pet's appointment fits back to back with one clinician (its reservation-free span is
 * the whole visit's, so the consecutive appointments are free by construction).
 */
export function forVisit(context: ReadyContext, petCount: number): ReadyContext {
  if (petCount <= 1) return context;
  return {
    ...context,
    reason: { ...context.reason, durationMinutes: context.reason.durationMinutes * petCount },
  };
}

/** The bookable starts of a checked context (two statements: rotas, busy time). */
export async function bookableSlots(
  deps: SlotSearchDeps,
  context: ReadyContext,
  searcher: Searcher,
  input: Omit<SlotSearchInput, 'practiceId' | 'appointmentReasonId' | 'petId' | 'clinicianId'>,
): Promise<{ fromDate: string; toDate: string; slots: BookableSlot[] }> {
  const settings = settingsOf(context);
  const now = deps.now();
  const defaults = defaultSearchDates(settings, now);
  const asked = { fromDate: input.fromDate ?? defaults.fromDate, toDate: input.toDate ?? defaults.toDate };
  const trimmed = trimmedDates({ settings, now, ...asked });
  if (!trimmed) return { ...asked, slots: [] };
  const { fromDate, toDate } = trimmed;
  const span = searchableSpan({ settings, now, fromDate, toDate });
  const { practiceId } = context.practice;
  const { clinicianType, durationMinutes } = context.reason;
  const [clinicians, busy] = await Promise.all([
    // A day either side, as the engine reads: a shift from midnight can carry a late start's end.
    deps.repository.listRotas(practiceId, clinicianType, addDays(fromDate, -1), addDays(toDate, 1)),
    deps.repository.listBusy({
      practiceId,
      clinicianType,
      from: new Date(span.start),
      to: new Date(span.end + durationMinutes * MINUTE_MS),
      now,
      clientId: searcher.clientId,
      existingAppointmentId: input.existingAppointmentId,
      existingSoftBookingId: input.existingSoftBookingId,
      existingVisitId: input.existingVisitId,
    }),
  ]);
  // A chosen clinician's starts are the engine's over that one rota; the others' busy time is inert.
  const { chosenClinicianId } = context;
  const rotas =
    chosenClinicianId === undefined
      ? clinicians
      : clinicians.filter((rota) => rota.clinicianId === chosenClinicianId);
  const slots = findBookableSlots({
    settings,
    now,
    fromDate,
    toDate,
    durationMinutes,
    clinicians: rotas,
    busy,
  });
  return { fromDate, toDate, slots };
}

const twoDigits = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, '0'));

/**
 * Whole-minute instants as toISOString writes them, the date part written once a day: a search's
 * 1,500 starts and ends cost a third of toISOString's time (instants off the minute go to it).
 */
function isoWriter(): (instant: number) => string {
  let day = Number.NaN;
  let datePart = '';
  return (instant) => {
    if (instant % MINUTE_MS !== 0) return new Date(instant).toISOString();
    const dayNumber = Math.floor(instant / DAY_MS);
    if (dayNumber !== day) {
      day = dayNumber;
      datePart = new Date(dayNumber * DAY_MS).toISOString().slice(0, 11);
    }
    const minute = (instant - dayNumber * DAY_MS) / MINUTE_MS;
    return `${datePart}${twoDigits[Math.floor(minute / 60)]}:${twoDigits[minute % 60]}:00.000Z`;
  };
}

/** Bookable starts as the API writes them, each with its end. */
export function toSlots(starts: readonly BookableSlot[], durationMinutes: number): AppointmentSlot[] {
  const iso = isoWriter();
  const durationMs = durationMinutes * MINUTE_MS;
  return starts.map(({ startsAt }) => ({ startsAt: iso(startsAt), endsAt: iso(startsAt + durationMs) }));
}

/**
 * R7.3: GET /practices/{id}/appointment-slots and its /v2 twin. Three statements whatever the number of
 * clinicians. Free of HTTP, so the guest flow can call it with clientId null.
 */
export async function searchAppointmentSlots(
  deps: SlotSearchDeps,
  searcher: Searcher,
  input: SlotSearchInput,
): Promise<AppointmentSlots> {
  const context = forVisit(await loadBookingContext(deps, searcher, input), input.petCount ?? 1);
  const found = await bookableSlots(deps, context, searcher, input);
  const { durationMinutes } = context.reason;
  return {
    practiceId: context.practice.practiceId,
    appointmentReasonId: context.reason.appointmentReasonId,
    clinicianType: context.reason.clinicianType,
    durationMinutes,
    // The zone the slots were computed in (every practice's: the practices table holds no other).
    timeZone: practiceTimeZone,
    fromDate: found.fromDate,
    toDate: found.toDate,
    slots: toSlots(found.slots, durationMinutes),
  };
}

/**
 * The bookable start at `wanted` with its free clinicians, or undefined when it is not bookable: the
 * search of the wanted start's day alone (a booking's re-check; its slots are those a wider search finds
 * on that day: the grid, the notice and the horizon do not depend on the dates asked).
 */
export async function bookableSlotAt(
  deps: SlotSearchDeps,
  context: ReadyContext,
  searcher: Searcher,
  wanted: Date,
  options: { existingAppointmentId?: number; existingSoftBookingId?: string } = {},
): Promise<BookableSlot | undefined> {
  const date = practiceDate(wanted);
  const found = await bookableSlots(deps, context, searcher, { fromDate: date, toDate: date, ...options });
  return found.slots.find((slot) => slot.startsAt === wanted.getTime());
}

/** The nearest free starts to a wanted one (a day either side), for a 409's alternatives. */
export async function nearestSlots(
  deps: SlotSearchDeps,
  context: ReadyContext,
  searcher: Searcher,
  wanted: Date,
  options: {
    existingAppointmentId?: number;
    existingSoftBookingId?: string;
    existingVisitId?: string;
    count?: number;
  } = {},
): Promise<{ all: BookableSlot[]; nearest: AppointmentSlot[] }> {
  const date = practiceDate(wanted);
  const found = await bookableSlots(deps, context, searcher, {
    fromDate: addDays(date, -1),
    toDate: addDays(date, 1),
    existingAppointmentId: options.existingAppointmentId,
    existingSoftBookingId: options.existingSoftBookingId,
    existingVisitId: options.existingVisitId,
  });
  const nearest = [...found.slots]
    .sort((a, b) => Math.abs(a.startsAt - wanted.getTime()) - Math.abs(b.startsAt - wanted.getTime()))
    .filter((slot) => slot.startsAt !== wanted.getTime())
    .slice(0, options.count ?? 5)
    .sort((a, b) => a.startsAt - b.startsAt);
  return { all: found.slots, nearest: toSlots(nearest, context.reason.durationMinutes) };
}
