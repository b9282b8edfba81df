import { appointments, clinicianReservations } from '../schema/appointments.ts';
import { planAppointments, type AppointmentRequest, type PlannerClinician } from './appointment-planner.ts';
import type { PlannedClosure } from './closures.ts';
import { APPOINTMENT_REASONS } from './data/lookups.ts';
import { clinicianKey, DEMO_PRACTICES } from './data/practices.ts';
import type { AppointmentSeed, ClientSeed, PetSeed } from './data/types.ts';
import type { SeedContext, SeededClient } from './seed-clients.ts';
import { idOf, type SeedTransaction } from './seed-transaction.ts';

const DAY_MS = 86_400_000;

export interface WantedAppointment {
  /** Index of the client seed the appointment belongs to. */
  clientIndex: number;
  pet: PetSeed;
  appointment: AppointmentSeed;
  request: AppointmentRequest;
}

function cliniciansOf(practiceName: string): PlannerClinician[] {
  const practice = DEMO_PRACTICES.find((p) => p.name === practiceName);
  if (!practice) throw new Error(`Demo data names an unknown practice: ${practiceName}`);
  return practice.clinicians.map((c) => ({
    key: clinicianKey(practice.name, c),
    type: c.type,
    rota: c.rota,
  }));
}

function requestFor(seed: ClientSeed, appointment: AppointmentSeed): AppointmentRequest {
  const reason = APPOINTMENT_REASONS.find((r) => r.name === appointment.reason);
  if (!reason) throw new Error(`Demo data names an unknown appointment reason: ${appointment.reason}`);
  return {
    practice: seed.practice,
    clinicians: cliniciansOf(seed.practice),
    clinicianType: reason.clinicianType,
    durationMinutes: reason.durationMinutes,
    day: appointment.day,
    time: appointment.time,
  };
}

/** Every appointment the client seeds ask for, as requests to the planner. */
export function wantedAppointments(seeds: readonly ClientSeed[]): WantedAppointment[] {
  return seeds.flatMap((seed, clientIndex) =>
    seed.pets.flatMap((pet) =>
      (pet.appointments ?? []).map((appointment) => ({
        clientIndex,
        pet,
        appointment,
        request: requestFor(seed, appointment),
      })),
    ),
  );
}

/**
 * Past appointments are Completed; future ones are Booked and, as the booking service does, own a
 * clinician reservation, so the database's no-double-booking constraint covers them from the start.
 * A cancelled one keeps its reason and owns no reservation.
 */
export async function seedAppointments(
  tx: SeedTransaction,
  seeds: readonly ClientSeed[],
  seeded: readonly SeededClient[],
  closures: readonly PlannedClosure[],
  context: SeedContext,
): Promise<void> {
  const wanted = wantedAppointments(seeds);
  const plan = planAppointments(
    wanted.map((w) => w.request),
    closures,
    context.now,
  );

  for (const [i, { clientIndex, pet, appointment }] of wanted.entries()) {
    const slot = plan[i];
    const client = seeded[clientIndex];
    if (!slot || !client) throw new Error('every client is seeded and every request planned');
    const clinicianId = idOf(context.practiceIds.clinicians, slot.clinician, 'clinician');
    const cancelled = appointment.cancelledBecause !== undefined;
    const status = cancelled ? 'Cancelled' : appointment.day < 0 ? 'Completed' : 'Booked';
    const [row] = await tx
      .insert(appointments)
      .values({
        practiceId: client.practiceId,
        clinicianId,
        clientId: client.clientId,
        petId: idOf(client.petIds, pet.name, 'pet'),
        reasonId: idOf(context.lookups.reasons, appointment.reason, 'appointment reason'),
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        status,
        cancellationReasonId: cancelled
          ? idOf(
              context.lookups.cancellationReasons,
              appointment.cancelledBecause ?? '',
              'cancellation reason',
            )
          : null,
        cancelledAt: cancelled ? new Date(context.now.getTime() - DAY_MS) : null,
      })
      .returning({ id: appointments.id });
    if (!row) throw new Error('appointment not inserted');
    if (status === 'Booked') {
      await tx.insert(clinicianReservations).values({
        clinicianId,
        during: `[${slot.startsAt.toISOString()},${slot.endsAt.toISOString()})`,
        appointmentId: row.id,
      });
    }
  }
}
