import type { Executor } from '@vet/db/connection';
import type { appointments } from '@vet/db/schema/appointments';
import {
  extendHold,
  handOverHold,
  holdTime,
  moveHold,
  moveReservation,
  releaseExpiredHolds,
  releaseHold,
  reserve,
} from '@vet/clinician-time/online-reservations';
import type { AppointmentEventRow } from './appointment-events.ts';
import {
  insertAppointment,
  isLostRace,
  lockClinician,
  lockPet,
  PET_OVERLAP_CONSTRAINT,
} from './booking-writes.ts';
import { databaseError } from '@vet/db/database-error';

/** A span of a clinician's day. */
export interface TimeSpan {
  startsAt: Date;
  endsAt: Date;
}

/** A hold's time: held for it until `expiresAt`, then free for anyone who needs it (decision 0003). */
export interface HeldTime extends TimeSpan {
  holdId: string;
  expiresAt: Date;
}

/**
 * One clinician's diary, opened in a transaction by openDiary, which took the locks every change of the
 * clinician's time needs. Each way of taking time first frees the clinician's expired holds in its way
 * (decision 0003); the exclusion constraint has the last word, and its refusal reaches the caller as an
 * error that refusalOf names.
 */
export interface Diary {
  /** Writes an online appointment with its reservation (a free time); answers its event's row. */
  book(values: typeof appointments.$inferInsert & TimeSpan): Promise<AppointmentEventRow>;
  /**
   * Converts a guest's hold into an appointment: writes the appointment and hands the hold's reservation
   * to it when it keeps the hold's time (and the hold still has it); otherwise ends the hold's time and
   * reserves the appointment's anew.
   */
  convertHold(
    holdId: string,
    values: typeof appointments.$inferInsert & TimeSpan,
    keepsHoldsTime: boolean,
  ): Promise<AppointmentEventRow>;
  /** Holds a free time for a hold until it expires. */
  hold(time: HeldTime): Promise<void>;
  /** Gives one hold's time to another, in one statement: neither both nor none is ever held. */
  moveHold(fromHoldId: string, to: HeldTime): Promise<void>;
  /** A hold's time held for longer (the hold's row says how often). */
  extendHold(holdId: string, expiresAt: Date): Promise<void>;
  /** Moves an appointment onto a free time of this clinician; a refusal leaves it where it was. */
  moveAppointment(appointmentId: number, to: TimeSpan): Promise<void>;
  /** Ends a hold's time. */
  releaseHold(holdId: string): Promise<void>;
}

/**
 * Opens a clinician's diary in the caller's transaction: the pet's lock (when a pet's appointment moves)
 * then the clinician's, so that writers of one clinician's time queue rather than deadlock (decision 0020;
 * the order is decision 0063's: a caller takes its own rows' locks after these). The caller's clock says,
 * when time is taken, which holds have expired by then.
 */
export async function openDiary(
  tx: Executor,
  { clinicianId, petId, clock }: { clinicianId: number; petId?: number; clock: () => Date },
): Promise<Diary> {
  if (petId !== undefined) await lockPet(tx, petId);
  await lockClinician(tx, clinicianId);
  const freeUp = (time: TimeSpan) =>
    releaseExpiredHolds(tx, clinicianId, time.startsAt, time.endsAt, clock());

  const holdFor = (time: HeldTime) => holdTime(tx, clinicianId, time);
  const release = (holdId: string) => releaseHold(tx, holdId);
  const book = async (values: typeof appointments.$inferInsert & TimeSpan) => {
    const appointment = await insertAppointment(tx, { ...values, clinicianId });
    await freeUp(values);
    await reserve(tx, appointment.id, clinicianId, values.startsAt, values.endsAt);
    return appointment;
  };

  return {
    book,
    async convertHold(holdId, values, keepsHoldsTime) {
      if (!keepsHoldsTime) {
        await release(holdId);
        return book(values);
      }
      const appointment = await insertAppointment(tx, { ...values, clinicianId });
      const handedOver = await handOverHold(tx, holdId, clinicianId, appointment.id);
      if (!handedOver) {
        await freeUp(values);
        await reserve(tx, appointment.id, clinicianId, values.startsAt, values.endsAt);
      }
      return appointment;
    },
    async hold(time) {
      await freeUp(time);
      await holdFor(time);
    },
    async moveHold(fromHoldId, to) {
      await freeUp(to);
      const moved = await moveHold(tx, fromHoldId, clinicianId, to);
      // The old hold had lost its time (the practice gave it away): the new one takes a free time.
      if (!moved) await holdFor(to);
    },
    async extendHold(holdId, expiresAt) {
      await extendHold(tx, holdId, expiresAt);
    },
    async moveAppointment(appointmentId, to) {
      await freeUp(to);
      await moveReservation(tx, appointmentId, clinicianId, to.startsAt, to.endsAt);
    },
    releaseHold: release,
  };
}

/**
 * What a failed write of the diary stands for: 'taken', the time was taken (or was being taken) by
 * another, so another clinician or time may still do; 'petBusy', the pet has another appointment then
 * (migration 0008), which no other clinician helps; undefined, a fault.
 */
export function refusalOf(error: unknown): 'taken' | 'petBusy' | undefined {
  const { code, constraint } = databaseError(error);
  if (constraint === PET_OVERLAP_CONSTRAINT) return 'petBusy';
  return isLostRace(code) ? 'taken' : undefined;
}
