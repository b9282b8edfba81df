import type { PracticeEventData } from '@vet/contracts/practice-events';
import type { VendorWrites, WriteResult } from '../vendor-port.ts';
import type { ProvetHttp } from './provet-http.ts';
import { portalMarker } from './provet-map.ts';
import { filterTime, unexpected } from './provet-http.ts';
import { changeClient, registerClient, registerPet } from './provet-registrations.ts';
import { type ProvetAppointment, provetAppointmentTypes, type ProvetPage } from './provet-shapes.ts';
import { refused, refusedFields, waitingFor, written } from './provet-write-results.ts';

export interface ProvetWriteOptions {
  departmentId: string;
  /** Provet's species codes by the portal's species names (a patient is created with a code: usage_examples.html). */
  speciesCodes: Readonly<Record<string, number>>;
  /** The department of each portal practice this connection knows (a client moving home practice). */
  departmentOfPractice: Readonly<Record<string, string>>;
}

type Booking = PracticeEventData<'appointment.booked'>;
const active = (appointment: ProvetAppointment) => appointment.active === 1;
/**
 * Writes the portal's events into Provet Cloud, idempotently: each record carries the portal's id in its
 * free text (an appointment's `notes`, a client's or patient's `remarks`), and a write looks for it before
 * creating anything, so a retry after a lost answer finds the record instead of booking twice.
 *
 * Not written (decision 0108): links, preferences, an online account's end, flags and reminders (Provet
 * has no place for them), a pet's changes (not yet). Nor a repeat prescription request (decision 0121):
 * Provet documents e-prescriptions, made by a prescriber, and no task, note or message a client's request
 * could be; the feed and webhooks carry it.
 */
export class ProvetWriter implements VendorWrites {
  constructor(
    private readonly http: ProvetHttp,
    private readonly options: ProvetWriteOptions,
  ) {}

  registerClient(data: PracticeEventData<'client.registered'>, signal?: AbortSignal) {
    return registerClient(this.http, this.options.departmentId, data, signal);
  }

  registerPet(data: PracticeEventData<'pet.registered'>, signal?: AbortSignal) {
    return registerPet(this.http, this.options.speciesCodes, data, signal);
  }

  changeClient(data: PracticeEventData<'client.details_changed'>, signal?: AbortSignal) {
    return changeClient(this.http, this.options.departmentOfPractice, data, signal);
  }

  private url(collection: string, id: string) {
    return this.http.recordUrl(collection, id);
  }

  /**
   * The clinician's appointments over the time, at any department (a clash anywhere is a clash), cancelled
   * ones too: a booking stored, then cancelled at the desk before the retry, is found rather than re-booked.
   */
  private async diary(user: string, startsAt: string, endsAt: string, signal?: AbortSignal) {
    const { status, json } = await this.http.request({
      method: 'GET',
      collection: 'appointment',
      url: 'appointment/',
      query: {
        user__is: user,
        start__lt: filterTime(Date.parse(endsAt) + 59_999), // the filter is to the minute: trim below
        end__gt: filterTime(Date.parse(startsAt)),
      },
      signal,
    });
    if (status !== 200) throw unexpected(status, 'GET appointment/');
    const [from, to] = [Date.parse(startsAt), Date.parse(endsAt)];
    return (json as ProvetPage<ProvetAppointment>).results.filter(
      (a) => Date.parse(a.start) < to && Date.parse(a.end) > from,
    );
  }

  async book(d: Booking, signal?: AbortSignal): Promise<WriteResult> {
    if (!d.clinician_ref || !d.reason_ref)
      return refused('invalid', 'The clinician or reason has no Provet reference.');
    if (!d.client_ref) throw waitingFor('client');
    if (!d.pet_ref) throw waitingFor('pet');
    const marker = portalMarker('appointment', d.appointment_id);
    const before = await this.diary(d.clinician_ref, d.starts_at, d.ends_at, signal);
    const ours = before.find((a) => (a.notes ?? '').includes(marker));
    if (ours) return written({ appointment_ref: String(ours.id) });
    if (before.some(active)) return refused('slot_taken', 'The time is taken in Provet Cloud.');
    // The booker's endpoint and body: howto_appointments.html, "Step 1: Create an Appointment", type 2.
    const { status, json } = await this.http.request({
      method: 'POST',
      collection: 'appointment',
      url: 'appointment/',
      body: {
        start: d.starts_at,
        end: d.ends_at,
        department: this.url('department', this.options.departmentId),
        title: 'Online booking',
        type: provetAppointmentTypes.onlineBooking,
        reason: this.url('reason', d.reason_ref),
        user: this.url('user', d.clinician_ref),
        client: this.url('client', d.client_ref),
        patients: [this.url('patient', d.pet_ref)],
        notes: d.notes ? `${d.notes}\n${marker}` : marker,
      },
      signal,
    });
    if (status === 201 || status === 200)
      return written({ appointment_ref: String((json as ProvetAppointment).id) });
    if (status === 400) return this.afterRefusal(d.clinician_ref, d.starts_at, d.ends_at, json, signal);
    throw unexpected(status, 'POST appointment/');
  }

  /** A 400 for a time: the documentation names no "slot taken" error, so the diary says whether it was that. */
  private async afterRefusal(
    user: string,
    startsAt: string,
    endsAt: string,
    json: unknown,
    signal?: AbortSignal,
    self?: string,
  ) {
    const clash = (await this.diary(user, startsAt, endsAt, signal)).some(
      (a) => active(a) && String(a.id) !== self,
    );
    return clash
      ? refused('slot_taken', 'The time is taken in Provet Cloud.')
      : refused('invalid', refusedFields(json));
  }

  async amend(d: PracticeEventData<'appointment.amended'>, signal?: AbortSignal): Promise<WriteResult> {
    if (!d.appointment_ref) throw waitingFor('appointment');
    if (!d.clinician_ref || !d.reason_ref)
      return refused('invalid', 'The clinician or reason has no Provet reference.');
    const clash = (await this.diary(d.clinician_ref, d.starts_at, d.ends_at, signal)).some(
      (a) => active(a) && String(a.id) !== d.appointment_ref,
    );
    if (clash) return refused('slot_taken', 'The time is taken in Provet Cloud.');
    const { status, json } = await this.http.request({
      method: 'PATCH',
      collection: 'appointment',
      url: `appointment/${d.appointment_ref}/`,
      body: {
        start: d.starts_at,
        end: d.ends_at,
        user: this.url('user', d.clinician_ref),
        reason: this.url('reason', d.reason_ref),
      },
      signal,
    });
    if (status === 200) return written({ appointment_ref: d.appointment_ref });
    if (status === 404) return refused('invalid', 'The appointment is no longer in Provet Cloud.');
    if (status === 400) {
      return this.afterRefusal(d.clinician_ref, d.starts_at, d.ends_at, json, signal, d.appointment_ref);
    }
    throw unexpected(status, 'PATCH appointment/{id}/');
  }

  async cancel(d: PracticeEventData<'appointment.cancelled'>, signal?: AbortSignal): Promise<WriteResult> {
    // Never written (refused when booked): nothing in Provet to cancel.
    if (!d.appointment_ref) return { outcome: 'not-applicable' };
    const { status } = await this.http.request({
      method: 'DELETE',
      collection: 'appointment',
      url: `appointment/${d.appointment_ref}/`,
      signal,
    });
    // 404: already gone (a retry after a lost answer, or deleted at the desk): cancelled either way.
    if (status === 204 || status === 200 || status === 404)
      return written({ appointment_ref: d.appointment_ref });
    throw unexpected(status, 'DELETE appointment/{id}/');
  }
}
