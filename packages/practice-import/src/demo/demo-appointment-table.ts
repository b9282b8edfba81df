import { planAppointments, type PlannedAppointment } from '@vet/db/seed/appointment-planner';
import type { PlannedClosure } from '@vet/db/seed/closures';
import type { ClientSeed } from '@vet/db/seed/data/types';
import { wantedAppointments, type WantedAppointment } from '@vet/db/seed/seed-appointments';
import { petRefOf, type NumberedPet } from './demo-client-tables.ts';
import { demoRef, reasonRef } from './demo-references.ts';
import { refOf, type PracticeRefs } from './demo-practice-tables.ts';
import type { ExportRow } from './export-files.ts';
import { practiceInstantText } from './practice-time-text.ts';

/** A wanted appointment with the time and clinician the planner gave it and its reference. */
export interface DemoAppointment extends WantedAppointment {
  ref: string;
  slot: PlannedAppointment;
  status: 'Booked' | 'Completed' | 'Cancelled';
}

/**
 * The seed's appointments planned against `anchorNow`, the start of the anchor week. A future one is
 * pushed a week further on: the export is moved by whole weeks onto the week of the day it is loaded,
 * which may be any day of that week, so the anchor week holds no appointment at all. A past one then
 * stays past and a Booked one stays ahead, whatever the day.
 */
export function planDemoAppointments(
  seeds: readonly ClientSeed[],
  closures: readonly PlannedClosure[],
  anchorNow: Date,
): DemoAppointment[] {
  const wanted = wantedAppointments(seeds);
  const plan = planAppointments(
    wanted.map((w) => ({ ...w.request, day: w.request.day > 0 ? w.request.day + 7 : w.request.day })),
    closures,
    anchorNow,
  );
  return wanted.map((w, i) => {
    const slot = plan[i];
    if (!slot) throw new Error('every appointment request is planned');
    const status =
      w.appointment.cancelledBecause !== undefined
        ? 'Cancelled'
        : w.appointment.day < 0
          ? 'Completed'
          : 'Booked';
    return { ...w, ref: demoRef.appointment(i + 1), slot, status };
  });
}

export function appointmentRows(
  refs: PracticeRefs,
  seeds: readonly ClientSeed[],
  pets: readonly NumberedPet[],
  appointments: readonly DemoAppointment[],
): ExportRow<'appointments.csv'>[] {
  return appointments.map((a) => {
    const client = seeds[a.clientIndex];
    if (!client) throw new Error('every appointment belongs to a client seed');
    return {
      appointment_ref: a.ref,
      practice_ref: refOf(refs.practices, client.practice),
      clinician_ref: refOf(refs.clinicians, a.slot.clinician),
      client_ref: demoRef.client(a.clientIndex + 1),
      pet_ref: petRefOf(pets, a.clientIndex, a.pet.name),
      reason_ref: reasonRef(a.appointment.reason),
      starts_at: practiceInstantText(a.slot.startsAt),
      ends_at: practiceInstantText(a.slot.endsAt),
      status: a.status,
      notes: '',
    };
  });
}
