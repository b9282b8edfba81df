import type { AppointmentRequest, PlannerClinician } from './appointment-planner.ts';
import { APPOINTMENT_REASONS } from './data/lookups.ts';
import { clinicianKey, DEMO_PRACTICES } from './data/practices.ts';
import type { AppointmentSeed, ClientSeed, PetSeed } from './data/types.ts';

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
