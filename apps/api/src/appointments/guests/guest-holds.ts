import type { AppointmentSlot, AppointmentSlots } from '@vet/contracts/appointment-booking';
import { clientAddressKey } from '@vet/contracts/client-address';
import {
  guestHoldLimits,
  guestHoldMaxExtensions,
  guestHoldMinutes,
  guestMessages,
  type CreateSoftBookingBody,
  type GuestAppointmentSlotsQuery,
  type ReplaceSoftBookingBody,
  type SoftBooking,
  type SoftBookingStatus,
} from '@vet/contracts/guest-bookings';
import type { Database, Executor } from '@vet/db/connection';
import { emailKey } from '@vet/db/normalise';
import {
  openDiary,
  refusalOf,
  loadBookingContext,
  nearestSlots,
  searchAppointmentSlots,
  type ReadyContext,
  type Searcher,
  type SlotSearchDeps,
  type PaymentAsked,
  assertNoPaymentAsked,
  MINUTE_MS,
} from '../booking/index.ts';
import { badRequest, conflict, notFound, tooManyRequests, hashedKey } from '../../platform/index.ts';
import { ukMobileNumber } from '@vet/contracts/uk-contact-details';
import { guestHolds, isHoldId, type HoldRecord } from './guest-holds-repository.ts';

export interface GuestDeps extends SlotSearchDeps {
  db: Database;
  /** Decision 0158: a reason the practice asks a payment for is booked signed in, where it is taken. */
  paymentAsked?: PaymentAsked | undefined;
}

/** 409 `payment_required` for a reason the practice asks a deposit or card hold for (a guest is a new client). */
const assertNoPayment = (deps: GuestDeps, context: ReadyContext) =>
  assertNoPaymentAsked(
    deps.paymentAsked,
    { clientId: null, practiceId: context.practice.practiceId, reasonId: context.reason.appointmentReasonId },
    guestMessages.paymentRequired,
  );

/** A hold's time in the clinician's diary. */
const heldTime = (hold: HoldRecord) => ({
  holdId: hold.id,
  startsAt: hold.startsAt,
  endsAt: hold.endsAt,
  expiresAt: hold.expiresAt,
});

/** A guest searches and holds as a searcher with no client, allowed by the client rules (R4.24). */
export const guestSearcher: Searcher = { clientId: null, onlineBookingAllowed: true, homePracticeId: null };

export type HoldOutcome =
  { kind: 'held'; hold: SoftBooking } | { kind: 'taken'; message?: string; alternatives: AppointmentSlot[] };

const HOLD_MS = guestHoldMinutes * MINUTE_MS;
/**
 * A client address never becomes a stored value as such: it is kept as a hash, of its key (an IPv6
 * client's /64), so that one host's fresh addresses count as one client.
 */
export const addressHash = (address: string) => hashedKey(clientAddressKey(address));

export function toSoftBooking(hold: HoldRecord): SoftBooking {
  return {
    softBookingId: hold.id,
    practiceId: hold.practiceId,
    appointmentReasonId: hold.reasonId,
    speciesId: hold.speciesId,
    petName: hold.petName,
    slot: { startsAt: hold.startsAt.toISOString(), endsAt: hold.endsAt.toISOString() },
    expiresAt: hold.expiresAt.toISOString(),
    extensionsLeft: Math.max(0, guestHoldMaxExtensions - hold.extensionCount),
  };
}

/**
 * The practice and online reason for a guest: the practice must take bookings online, and the reason
 * must apply to the species (a reason with no species applies to all; the species must exist).
 */
export async function loadGuestContext(
  deps: GuestDeps,
  input: { practiceId: number; appointmentReasonId: number; speciesId: number },
): Promise<ReadyContext> {
  const context = await loadBookingContext(deps, guestSearcher, input);
  const { speciesIds } = context.reason;
  if (speciesIds.length > 0 && !speciesIds.includes(input.speciesId)) {
    throw badRequest(guestMessages.reasonNotForSpecies, [
      { path: 'appointmentReasonId', message: guestMessages.reasonNotForSpecies },
    ]);
  }
  if (speciesIds.length === 0 && !(await guestHolds.speciesExists(deps.db, input.speciesId))) {
    throw badRequest(guestMessages.speciesUnknown, [
      { path: 'speciesId', message: guestMessages.speciesUnknown },
    ]);
  }
  return context;
}

/** GET /guest/practices/{practiceId}/appointment-slots: the client search's service, with no client. */
export async function searchGuestSlots(
  deps: GuestDeps,
  practiceId: number,
  query: GuestAppointmentSlotsQuery,
): Promise<AppointmentSlots> {
  await loadGuestContext(deps, { practiceId, ...query });
  const { speciesId: _species, ...search } = query;
  return searchAppointmentSlots(deps, guestSearcher, { practiceId, ...search });
}

/** The free clinicians at the start, or the nearest other starts when it is not free. */
async function freeClinicians(
  deps: GuestDeps,
  context: ReadyContext,
  startsAt: Date,
  existingSoftBookingId?: string,
) {
  const { all, nearest } = await nearestSlots(deps, context, guestSearcher, startsAt, {
    existingSoftBookingId,
  });
  const slot = all.find((candidate) => candidate.startsAt === startsAt.getTime());
  return { clinicianIds: slot?.clinicianIds ?? [], nearest };
}

/**
 * Tries each free clinician in its own transaction (decision 0020's pattern): the exclusion constraint
 * has the last word, and a lost race moves on to the next; none left is 'taken' with fresh alternatives.
 */
async function holdWithFreeClinician(
  deps: GuestDeps,
  context: ReadyContext,
  startsAt: Date,
  write: (clinicianId: number) => Promise<HoldRecord>,
  existingSoftBookingId?: string,
): Promise<HoldOutcome> {
  const { clinicianIds, nearest } = await freeClinicians(deps, context, startsAt, existingSoftBookingId);
  if (clinicianIds.length === 0) return { kind: 'taken', alternatives: nearest };
  for (const clinicianId of clinicianIds) {
    try {
      return { kind: 'held', hold: toSoftBooking(await write(clinicianId)) };
    } catch (error) {
      if (refusalOf(error) === 'taken') continue;
      throw error;
    }
  }
  const fresh = await freeClinicians(deps, context, startsAt, existingSoftBookingId);
  return { kind: 'taken', alternatives: fresh.nearest };
}

/**
 * The live-hold limits (2 per e-mail, 5 per address; 429), counted under advisory locks on both so that
 * parallel requests cannot both pass. A hold being replaced does not count: it ends in the same
 * transaction. Lock order: limits, then the hold's row, then a clinician.
 */
async function assertRoomForHold(
  tx: Executor,
  email: string,
  address: string,
  now: Date,
  replacing?: string,
) {
  await guestHolds.lockLimits(tx, email, address);
  const live = await guestHolds.countLive(tx, email, address, now, replacing);
  if (live.email >= guestHoldLimits.perEmail) throw tooManyRequests(guestMessages.tooManyHoldsForEmail);
  if (live.address >= guestHoldLimits.perAddress) throw tooManyRequests(guestMessages.tooManyHoldsForAddress);
}

/** A hold whose time still stands: Held, and not past its expiry (whether or not the cleanup has run). */
export const isLive = (hold: HoldRecord, now: Date) => hold.status === 'Held' && hold.expiresAt > now;

/** 409 unless the hold's time still stands, saying why not: given away by the practice, or ended. */
function assertLive(hold: HoldRecord, now: Date) {
  if (isGivenAway(hold)) throw conflict(guestMessages.holdGivenAway);
  if (!isLive(hold, now)) throw conflict(guestMessages.holdExpired);
}

/**
 * POST /guest/soft-bookings (R4.24): holds the start for 15 minutes with a free clinician of the
 * reason's type. At most 2 live holds per e-mail and 5 per client address (429), counted under
 * advisory locks so parallel requests cannot both pass.
 */
export async function createHold(
  deps: GuestDeps,
  body: CreateSoftBookingBody,
  clientAddress: string,
): Promise<HoldOutcome> {
  const mobile = ukMobileNumber(body.mobile);
  if (!mobile) {
    throw badRequest(guestMessages.mobileInvalid, [{ path: 'mobile', message: guestMessages.mobileInvalid }]);
  }
  const context = await loadGuestContext(deps, body);
  await assertNoPayment(deps, context);
  const email = emailKey(body.email);
  const address = addressHash(clientAddress);
  const startsAt = new Date(body.startsAt);
  const endsAt = new Date(startsAt.getTime() + context.reason.durationMinutes * MINUTE_MS);

  return holdWithFreeClinician(deps, context, startsAt, (clinicianId) =>
    deps.db.transaction(async (tx) => {
      const now = deps.now();
      await assertRoomForHold(tx, email, address, now);
      const hold = await guestHolds.insert(tx, {
        practiceId: context.practice.practiceId,
        clinicianId,
        reasonId: context.reason.appointmentReasonId,
        startsAt,
        endsAt,
        expiresAt: new Date(now.getTime() + HOLD_MS),
        firstName: body.firstName,
        lastName: body.lastName,
        email,
        phone: mobile,
        petName: body.petName,
        speciesId: body.speciesId,
        clientAddressHash: address,
      });
      const diary = await openDiary(tx, { clinicianId, clock: () => now });
      await diary.hold(heldTime(hold));
      return hold;
    }),
  );
}

/** A hold whose time a practice booking took (decision 0063): the guest is told so, plainly. */
export const isGivenAway = (hold: HoldRecord) => hold.status === 'Released' && hold.displacedAt !== null;

/**
 * A hold the guest may still act on (Held, or Held past its expiry, or Expired by the cleanup, or given
 * away by the practice, which is completed like an ended hold), read under a row lock; anything else is
 * answered: Converted and Replaced with a plain 409, any other Released like a missing one.
 */
export function assertActionable(hold: HoldRecord | null): asserts hold is HoldRecord {
  // A client's time held while they pay (decision 0158) is the payment's, never a guest's to act on.
  if (!hold || hold.clientId !== null || (hold.status === 'Released' && !isGivenAway(hold)))
    throw notFound(guestMessages.holdNotFound);
  if (hold.status === 'Converted') throw conflict(guestMessages.holdCompleted);
  if (hold.status === 'Replaced') throw conflict(guestMessages.holdReplaced);
}

async function findActionable(deps: GuestDeps, id: string): Promise<HoldRecord> {
  const hold = isHoldId(id) ? await guestHolds.find(deps.db, id) : null;
  assertActionable(hold);
  return hold;
}

/**
 * GET /guest/soft-bookings/{softBookingId}/state: how the hold stands when the guest looks again, so that a
 * hold the practice gave away (decision 0063) is said plainly rather than found out by a refused press.
 */
export async function readHold(deps: GuestDeps, id: string): Promise<SoftBookingStatus> {
  const hold = await findActionable(deps, id);
  const state = isGivenAway(hold) ? 'GivenAway' : isLive(hold, deps.now()) ? 'Held' : 'Ended';
  return { ...toSoftBooking(hold), state };
}

/**
 * POST /guest/soft-bookings/{originalSoftBookingId} (R4.24, R7.5): holds the new start with the guest's details
 * as a new hold (replacesId: the original) and releases the original, in one transaction with the
 * original's row locked: the reservation moves in one statement, so neither both nor none is ever held.
 * Of parallel replaces of one hold, the first wins and the others find it Replaced (409).
 * A replace is no way round the hold limits (decision 0057): the new hold keeps the original's expiry
 * and extensions, an expired hold is not replaced (409: the guest holds a time again), and the new hold
 * counts toward the live holds of the e-mail and of the address it comes from.
 */
export async function replaceHold(
  deps: GuestDeps,
  originalId: string,
  body: ReplaceSoftBookingBody,
  clientAddress: string,
): Promise<HoldOutcome> {
  const original = await findActionable(deps, originalId);
  assertLive(original, deps.now());
  const context = await loadGuestContext(deps, { ...body, speciesId: original.speciesId });
  await assertNoPayment(deps, context);
  const address = addressHash(clientAddress);
  const startsAt = new Date(body.startsAt);
  const endsAt = new Date(startsAt.getTime() + context.reason.durationMinutes * MINUTE_MS);

  return holdWithFreeClinician(
    deps,
    context,
    startsAt,
    (clinicianId) =>
      deps.db.transaction(async (tx) => {
        const now = deps.now();
        // The e-mail never changes along a chain of replaces, so it can be locked before the row is read;
        // the clinician's lock too, before any row (decision 0063: a practice booking may want the row).
        await assertRoomForHold(tx, original.email, address, now, originalId);
        const diary = await openDiary(tx, { clinicianId, clock: () => now });
        const locked = await guestHolds.find(tx, originalId, true);
        assertActionable(locked);
        assertLive(locked, now);
        const { id: _id, createdAt: _created, status: _status, ...details } = locked;
        const hold = await guestHolds.insert(tx, {
          ...details,
          practiceId: context.practice.practiceId,
          clinicianId,
          reasonId: context.reason.appointmentReasonId,
          startsAt,
          endsAt,
          // The original's deadline and extension count (in details) carry over: no new time.
          expiresAt: locked.expiresAt,
          clientAddressHash: address,
          replacesId: locked.id,
        });
        await diary.moveHold(locked.id, heldTime(hold));
        await guestHolds.update(tx, locked.id, { status: 'Replaced' });
        return hold;
      }),
    originalId,
  );
}

/**
 * POST /guest/soft-bookings/{id}/extend: another 15 minutes from now while the hold lives, at most
 * guestHoldMaxExtensions times (WCAG 2.2.1). An expired hold is not extended (409): the guest holds the
 * time again, or completes, which re-checks it.
 */
export async function extendHold(deps: GuestDeps, id: string): Promise<SoftBooking> {
  const found = await findActionable(deps, id);
  return deps.db.transaction(async (tx) => {
    // The reservation's row is rewritten, so the constraint looks again: queue behind its clinician's
    // lock, before the hold's row (decision 0063). A hold's clinician never changes.
    const diary = await openDiary(tx, { clinicianId: found.clinicianId, clock: deps.now });
    const hold = await guestHolds.find(tx, id, true);
    assertActionable(hold);
    const now = deps.now();
    assertLive(hold, now);
    if (hold.extensionCount >= guestHoldMaxExtensions) throw conflict(guestMessages.noMoreExtensions);
    const expiresAt = new Date(now.getTime() + HOLD_MS);
    await diary.extendHold(id, expiresAt);
    const extensionCount = hold.extensionCount + 1;
    await guestHolds.update(tx, id, { expiresAt, extensionCount });
    return toSoftBooking({ ...hold, expiresAt, extensionCount });
  });
}
