import type { PracticeAppointmentBody } from '@vet/contracts/integration-appointments';
import {
  clockTime,
  isoDay,
  isoDayOfWeek,
  practiceDate,
  practiceWallTime,
} from '@vet/contracts/practice-clock';
import {
  type ProvetAppointment,
  type ProvetClient,
  type ProvetConsultationItem,
  type ProvetDepartment,
  type ProvetPatient,
  type ProvetReason,
  type ProvetShift,
  type ProvetUser,
  provetIdOf,
} from './provet-shapes.ts';

/**
 * Provet Cloud's records as the portal's import columns (docs/practice-import-format.md). Lists (species,
 * breed) go on as Provet names them: the connector layer's list matcher resolves them or reports them.
 */

/** The portal's id in a record's free text: `[portal-appointment:66120]` (provet-write.ts). */
export const portalMarker = (kind: 'client' | 'pet' | 'appointment', id: number) => `[portal-${kind}:${id}]`;
const markers = /\s*\[portal-(client|pet|appointment):\d+\]/g;
const withoutMarkers = (text: string | null | undefined) => (text ?? '').replace(markers, '').trim() || null;
const orNull = (text: string | null | undefined) => (text && text.trim() !== '' ? text.trim() : null);

export function practiceBody(department: ProvetDepartment, practiceRef: string) {
  return {
    practice_ref: practiceRef,
    name: department.name,
    address_line1: orNull(department.street_address),
    town: orNull(department.city),
    postcode: orNull(department.zip_code),
    phone: orNull(department.phone_number),
    email: orNull(department.email),
  };
}

/** One rota row per shift open to online booking: the shift's own day, valid that day only (the port). */
export function rotaShift(shift: ProvetShift) {
  const starts = practiceWallTime(new Date(shift.start));
  const ends = practiceWallTime(new Date(shift.end));
  const day = isoDay(starts);
  return {
    day_of_week: isoDayOfWeek(day),
    starts: clockTime(starts),
    ends: clockTime(ends),
    valid_from: day,
    valid_to: day,
  };
}

export function clinicianBody(
  user: ProvetUser,
  shifts: readonly ProvetShift[],
  practiceRef: string,
  nurseGroupIds: ReadonlySet<string>,
) {
  const nurse = user.groups.some((group) => nurseGroupIds.has(provetIdOf(group) ?? ''));
  return {
    clinician_ref: String(user.id),
    practice_ref: practiceRef,
    first_name: user.first_name,
    last_name: user.last_name,
    clinician_type: nurse ? 'Nurse' : 'Vet',
    active: user.is_active,
    rota_shifts: shifts.filter((shift) => shift.web).map(rotaShift),
  };
}

export function reasonBody(reason: ProvetReason) {
  return {
    reason_ref: String(reason.id),
    name: reason.name,
    duration_minutes: reason.duration,
    // Provet's reason names no staff role in the documentation read: a vet's, the conservative default.
    clinician_type: 'Vet',
    initial_consultation: false,
    species: reason.species.length > 0 ? reason.species.join(';') : null,
    online: reason.available_online,
  };
}

export function clientBody(client: ProvetClient, practiceRef: string) {
  const mobile = client.phone_numbers.find((phone) => phone.type_code === 1);
  const home = client.phone_numbers.find((phone) => phone !== mobile);
  return {
    client_ref: String(client.id),
    practice_ref: practiceRef,
    salutation: orNull(client.title),
    first_name: client.firstname,
    last_name: client.lastname,
    email: orNull(client.email),
    mobile_phone: mobile?.phone_number ?? null,
    home_phone: home?.phone_number ?? null,
    address_line1: orNull(client.street_address),
    address_line2: orNull(client.street_address_2),
    town: orNull(client.city),
    postcode: orNull(client.zip_code),
  };
}

/**
 * Provet answers a patient's species as a name with its description in brackets: species code 22001 reads
 * "Dog (Canine - Domestic)" (https://developers.provetcloud.com/restapi/usage_examples.html, "Create new
 * patient"). The portal's lists know the name before the bracket ("Dog"); a text without one is passed on
 * whole, for the layer's matcher to resolve or report as the practice system wrote it.
 */
export function speciesName(species: string): string {
  const named = /^([^()]+?)\s*\(.*\)\s*$/.exec(species.trim());
  return named ? named[1]!.trim() : species.trim();
}

export function petBody(patient: ProvetPatient) {
  const sex = /^(male|female)/i.exec(patient.gender)?.[1];
  return {
    pet_ref: String(patient.id),
    client_ref: provetIdOf(patient.client),
    name: patient.name,
    species: speciesName(patient.species),
    breed: patient.breed && patient.breed !== 'None' ? patient.breed : null,
    colour: orNull(patient.color),
    sex: sex ? sex[0]!.toUpperCase() + sex.slice(1).toLowerCase() : null,
    date_of_birth: patient.date_of_birth,
    microchip: orNull(patient.microchip),
    status: patient.deceased ? 'Deceased' : 'Active',
  };
}

/**
 * A vaccine given (decision 0120): the consultation item's name, given on the practice's date of its
 * `used`. No due date: the documentation links no reminder (whose `expiry_date` is when "the vaccination
 * will latest need to be renewed") to the item that made it, and a patient's reminders are for any care.
 */
export function vaccinationBody(given: ProvetConsultationItem, petRef: string) {
  return {
    vaccination_ref: String(given.id),
    pet_ref: petRef,
    vaccine: given.name,
    given_on: practiceDate(new Date(given.used!)),
    due_on: null,
  };
}

/**
 * A time the diary holds without a client's appointment in it (an internal booking, a preliminary online
 * booking: howto_appointments.html's types 4, 5, 7) as the clinician's closure, so the portal offers no
 * one that time; null for any other appointment. Provet names no practice-wide closure in the pages read.
 */
export function closureBody(appointment: ProvetAppointment, practiceRef: string) {
  const clinician = provetIdOf(appointment.user);
  if (appointment.active !== 1 || !clinician || appointmentBody(appointment, practiceRef)) return null;
  return {
    closure_ref: String(appointment.id),
    practice_ref: practiceRef,
    clinician_ref: clinician,
    starts_at: new Date(appointment.start).toISOString(),
    ends_at: new Date(appointment.end).toISOString(),
    reason: orNull(appointment.title),
  };
}

/**
 * An appointment of the diary, or null for one the port cannot carry: an internal booking or a
 * preliminary online booking has no client, patient or reason (howto_appointments.html's types 4, 5, 7).
 */
export function appointmentBody(
  appointment: ProvetAppointment,
  practiceRef: string,
): PracticeAppointmentBody | null {
  const clinician = provetIdOf(appointment.user);
  const client = provetIdOf(appointment.client);
  const pet = provetIdOf(appointment.patients[0]);
  const reason = provetIdOf(appointment.reason);
  if (!clinician || !client || !pet || !reason) return null;
  // No-show is not in the documentation read: a past appointment without a consultation stays Booked.
  const status = appointment.active === 0 ? 'Cancelled' : appointment.consultation ? 'Completed' : 'Booked';
  return {
    practice_ref: practiceRef,
    clinician_ref: clinician,
    client_ref: client,
    pet_ref: pet,
    reason_ref: reason,
    starts_at: new Date(appointment.start).toISOString(),
    ends_at: new Date(appointment.end).toISOString(),
    status,
    notes: withoutMarkers(appointment.notes),
  };
}
