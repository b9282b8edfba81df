import type { PracticeEventData } from '@vet/contracts/practice-events';
import type { VendorWrites, WriteResult } from '../vendor-port.ts';
import {
  animalSchema,
  appointmentSchema,
  appointmentTypeSchema,
  bookingAnswerSchema,
  contactSchema,
  listOf,
  resourceSchema,
} from './ezyvet-answers.ts';
import { readAll, type EzyvetCatalog } from './ezyvet-catalog.ts';
import type { EzyvetAnswer, EzyvetHttp } from './ezyvet-http.ts';
import type { EstimateAnswerData } from '../estimate-answer.ts';
import { writeEstimateAnswer } from './ezyvet-estimate-answers.ts';
import { writePrescriptionRequest } from './ezyvet-prescription-requests.ts';
import { epochSeconds, instantText } from './ezyvet-time.ts';
import { appointmentEnd } from './ezyvet-map.ts';
import { invalid, refusal } from './ezyvet-refusals.ts';
import { EzyvetChanges } from './ezyvet-write-changes.ts';
import { EzyvetRegistrations } from './ezyvet-write-records.ts';

type Booked = PracticeEventData<'appointment.booked'>;

/**
 * The portal's events written into ezyVet (decision 0107): bookings through /ezycab/booking, the endpoint
 * ezyVet recommends to bookers (https://developers.ezyvet.com/guides/booking.html: it creates the consult
 * and applies the type's billing triggers); moves and cancellations by PATCH /v2/appointment/{id};
 * registrations as contacts and animals; a client's and a pet's changes (ezyvet-write-changes.ts); a repeat
 * prescription request as a communication on the animal (ezyvet-prescription-requests.ts). Each write carries the portal's id (a booking's description, a
 * contact's or animal's code) and looks it up before writing, so a retry after a lost answer finds the
 * first write instead of making a second. Links, preferences, an online account's end, flags and reminders
 * are not written: ezyVet documents no place for them (decision 0116); the desk keeps its records.
 */
export class EzyvetWriter implements VendorWrites {
  private readonly uids = new Map<string, string>();
  private readonly registrations: EzyvetRegistrations;
  private readonly changes: EzyvetChanges;

  constructor(
    private readonly http: EzyvetHttp,
    private readonly catalog: EzyvetCatalog,
  ) {
    this.registrations = new EzyvetRegistrations(http, catalog);
    this.changes = new EzyvetChanges(http, catalog);
  }

  registerClient(data: PracticeEventData<'client.registered'>, signal?: AbortSignal) {
    return this.registrations.client(data, signal);
  }

  registerPet(data: PracticeEventData<'pet.registered'>, signal?: AbortSignal) {
    return this.registrations.pet(data, signal);
  }

  changeClient(data: PracticeEventData<'client.details_changed'>, signal?: AbortSignal) {
    return this.changes.client(data, signal);
  }

  changePet(data: PracticeEventData<'pet.details_changed'>, signal?: AbortSignal) {
    return this.changes.pet(data, signal);
  }

  petDied(data: PracticeEventData<'pet.died'>, signal?: AbortSignal) {
    return this.changes.died(data, signal);
  }

  petRehomed(data: PracticeEventData<'pet.rehomed'>, signal?: AbortSignal) {
    return this.changes.rehomed(data, signal);
  }

  requestPrescription(data: PracticeEventData<'prescription.requested'>, signal?: AbortSignal) {
    return writePrescriptionRequest(this.http, data, signal);
  }

  answerEstimate(data: EstimateAnswerData, signal?: AbortSignal) {
    return writeEstimateAnswer(this.http, data, signal);
  }

  async book(data: Booked, signal?: AbortSignal): Promise<WriteResult> {
    const { clinician_ref, reason_ref, client_ref, pet_ref } = data;
    if (!clinician_ref || !reason_ref || !client_ref || !pet_ref) {
      return invalid('The booking names a record that has no ezyVet reference yet.');
    }
    const start = epochSeconds(data.starts_at);
    const minutes = Math.round((epochSeconds(data.ends_at) - start) / 60);
    const marker = `portal appointment ${data.appointment_id}`;
    const earlier = await this.findBooking(pet_ref, start, marker, signal);
    if (earlier !== null) return { outcome: 'written', refs: { appointment_ref: earlier } };
    const [provider, type, contact, animal] = await Promise.all([
      this.uidOf('/v2/resource', 'resource', clinician_ref, signal),
      this.uidOf('/v2/appointmenttype', 'appointmenttype', reason_ref, signal),
      this.uidOf('/v1/contact', 'contact', client_ref, signal),
      this.uidOf('/v1/animal', 'animal', pet_ref, signal),
    ]);
    if (!provider || !type || !contact || !animal)
      return invalid('A record the booking names is not active in ezyVet.');
    const { timezone } = await this.catalog.site(signal);
    const answer = await this.http.request(
      'POST',
      '/ezycab/booking',
      {},
      {
        startTime: instantText(start, timezone),
        type,
        durationMinutes: minutes,
        appointmentStatus: 'confirmed',
        animal,
        contact,
        provider,
        description: `Online booking (${marker})`,
      },
      signal,
    );
    if (answer.status >= 400)
      return this.refusedMove('the booking', answer, Number(clinician_ref), start, minutes, null, signal);
    const uid = bookingAnswerSchema.safeParse(answer.body);
    const byUid = uid.success
      ? listOf(
          await this.http.get('/v2/appointment', { uid: uid.data.appointment }, signal),
          'appointment',
          appointmentSchema,
        ).rows[0]
      : undefined;
    const ref = byUid ? String(byUid.id) : await this.findBooking(pet_ref, start, marker, signal);
    if (ref === null) throw new Error('ezyVet accepted a booking that cannot be found');
    return { outcome: 'written', refs: { appointment_ref: ref } };
  }

  async amend(data: PracticeEventData<'appointment.amended'>, signal?: AbortSignal): Promise<WriteResult> {
    if (!data.appointment_ref || !data.clinician_ref || !data.reason_ref) {
      return invalid('The amended appointment names a record that has no ezyVet reference yet.');
    }
    const start = epochSeconds(data.starts_at);
    // Seconds, as the connection reads an appointment's duration (decision 0130).
    const change = {
      start_at: start,
      duration: epochSeconds(data.ends_at) - start,
      type_id: Number(data.reason_ref),
      resources: [{ id: Number(data.clinician_ref) }],
    };
    const answer = await this.http.request(
      'PATCH',
      `/v2/appointment/${data.appointment_ref}`,
      {},
      change,
      signal,
    );
    if (answer.status === 404) return invalid('The appointment is no longer in ezyVet.');
    if (answer.status >= 400) {
      return this.refusedMove(
        'the move',
        answer,
        change.resources[0]!.id,
        start,
        Math.round(change.duration / 60),
        Number(data.appointment_ref),
        signal,
      );
    }
    return { outcome: 'written', refs: { appointment_ref: data.appointment_ref } };
  }

  async cancel(data: PracticeEventData<'appointment.cancelled'>, signal?: AbortSignal): Promise<WriteResult> {
    if (!data.appointment_ref) return { outcome: 'not-applicable' };
    const cancelled = await this.catalog.idOf('appointmentstatus', (name) => /cancel/i.test(name), signal);
    if (cancelled === null) return invalid('The ezyVet site has no cancelled appointment status.');
    const answer = await this.http.request(
      'PATCH',
      `/v2/appointment/${data.appointment_ref}`,
      {},
      { status_id: cancelled },
      signal,
    );
    // Already gone from the diary: nothing left to cancel.
    if (answer.status >= 400 && answer.status !== 404) return invalid(refusal('the cancellation', answer));
    return { outcome: 'written', refs: { appointment_ref: data.appointment_ref } };
  }

  /** Our booking of this pet at this time, if an earlier try stored it (its description names it). */
  private async findBooking(
    petRef: string,
    start: number,
    marker: string,
    signal?: AbortSignal,
  ): Promise<string | null> {
    const rows = await readAll(
      this.http,
      '/v2/appointment',
      'appointment',
      appointmentSchema,
      { animal_id: Number(petRef), start_at: start },
      signal,
    );
    const mine = rows.find((row) => row.description?.includes(marker));
    return mine ? String(mine.id) : null;
  }

  /**
   * A refused booking or move: slot_taken when the diary now holds another appointment of the clinician
   * over the time (what ezyVet answers then is not in the documentation we read, so the diary decides),
   * else invalid.
   */
  private async refusedMove(
    what: string,
    answer: EzyvetAnswer,
    resourceId: number,
    start: number,
    minutes: number,
    exceptId: number | null,
    signal?: AbortSignal,
  ): Promise<WriteResult> {
    const end = start + minutes * 60;
    const { timezone } = await this.catalog.site(signal);
    const endOf = (row: (typeof rows)[number]) => {
      const found = appointmentEnd(row, timezone);
      return 'at' in found ? found.at : row.start_at + 86_400;
    };
    const rows = await readAll(
      this.http,
      '/v2/appointment',
      'appointment',
      appointmentSchema,
      { start_at: { gte: start - 86_400, lt: end } },
      signal,
    );
    const cancelled = await this.catalog.idOf('appointmentstatus', (name) => /cancel/i.test(name), signal);
    const taken = rows.some(
      (row) =>
        row.id !== exceptId &&
        row.status_id !== cancelled &&
        row.resources.some((resource) => resource.id === resourceId) &&
        // An end the read would refuse counts as the whole day: the diary is not taken to be free then.
        endOf(row) > start,
    );
    const message = refusal(what, answer);
    return taken ? { outcome: 'refused', reason: 'slot_taken', message } : invalid(message);
  }

  /** A record's uid by its id (the booking takes uids), kept: a uid never changes. */
  private async uidOf(path: string, key: string, id: string, signal?: AbortSignal): Promise<string | null> {
    const cached = this.uids.get(`${key} ${id}`);
    if (cached) return cached;
    const schema = {
      resource: resourceSchema,
      appointmenttype: appointmentTypeSchema,
      contact: contactSchema,
      animal: animalSchema,
    }[key];
    if (!schema) throw new Error(`No uid for ${key}`);
    const [row] = listOf(await this.http.get(path, { id: Number(id) }, signal), key, schema).rows as {
      uid: string;
    }[];
    if (row) this.uids.set(`${key} ${id}`, row.uid);
    return row?.uid ?? null;
  }
}
