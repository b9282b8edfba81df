import type { PracticeEventData } from '@vet/contracts/practice-events';
import { type OutboundEvent, VendorUnavailable, type WriteResult } from '../vendor-port.ts';
import type { ProvetHttp } from './provet-http.ts';
import { portalMarker } from './provet-map.ts';
import { filterTime, unexpected } from './provet-read.ts';
import {
  type ProvetAppointment,
  provetAppointmentTypes,
  type ProvetClient,
  type ProvetClientCreate,
  provetCustomerTypes,
  provetGenderCodes,
  provetMobileTypeCode,
  type ProvetPage,
  type ProvetPatient,
  type ProvetPatientCreate,
} from './provet-shapes.ts';

export interface ProvetWriteOptions {
  departmentId: string;
  /** Provet's species codes by the portal's species names (a patient is created with a code: usage_examples.html). */
  speciesCodes: Readonly<Record<string, number>>;
}

type Booking = PracticeEventData<'appointment.booked'>;
const written = (refs: Record<string, string>): WriteResult => ({ outcome: 'written', refs });
const refused = (reason: 'slot_taken' | 'invalid', message: string): WriteResult => ({
  outcome: 'refused',
  reason,
  message,
});
/** Names the fields Provet refused, never their values (no personal data in messages). */
const refusedFields = (json: unknown) =>
  `Provet Cloud refused the fields: ${Object.keys((json as object | null) ?? {}).join(', ') || 'none named'}.`;
/** A record born online waits for its parents' Provet references (their own writes come first). */
const waitingFor = (what: string) =>
  new VendorUnavailable(`Waiting for the ${what}'s Provet reference.`, 60_000);

/**
 * Writes the portal's events into Provet Cloud, idempotently: each record carries the portal's id in its
 * free text (an appointment's `notes`, a client's or patient's `remarks`), and a write looks for it before
 * creating anything, so a retry after a lost answer finds the record instead of booking twice.
 */
export class ProvetWriter {
  constructor(
    private readonly http: ProvetHttp,
    private readonly options: ProvetWriteOptions,
  ) {}

  async write(event: OutboundEvent, signal?: AbortSignal): Promise<WriteResult> {
    switch (event.type) {
      case 'appointment.booked':
      case 'guest_hold.completed':
        return this.book(event.data as Booking, signal);
      case 'appointment.amended':
        return this.amend(event.data as PracticeEventData<'appointment.amended'>, signal);
      case 'appointment.cancelled':
        return this.cancel(event.data as PracticeEventData<'appointment.cancelled'>, signal);
      case 'client.registered':
        return this.registerClient(event.data as PracticeEventData<'client.registered'>, signal);
      case 'pet.registered':
        return this.registerPet(event.data as PracticeEventData<'pet.registered'>, signal);
      case 'client.linked':
      case 'client.details_changed':
      case 'client.contact_preferences_changed':
      case 'client.online_account_deleted':
      case 'pet.details_changed':
      case 'pet.died':
      case 'pet.rehomed':
      case 'appointment.flagged':
      case 'appointment.attendance_confirmed':
      case 'appointment.reminder_sent':
        // Not written (decision 0108): Provet has no place for them, or (details changed) not yet.
        return { outcome: 'not-applicable' };
    }
  }

  private url(collection: string, id: string) {
    return this.http.recordUrl(collection, id);
  }

  /** The clinician's active appointments over the time, at any department (a clash anywhere is a clash). */
  private async diary(user: string, startsAt: string, endsAt: string, signal?: AbortSignal) {
    const { status, json } = await this.http.request({
      method: 'GET',
      collection: 'appointment',
      url: 'appointment/',
      query: {
        user__is: user,
        start__lt: filterTime(Date.parse(endsAt) + 59_999), // the filter is to the minute: trim below
        end__gt: filterTime(Date.parse(startsAt)),
        active__is: '1',
      },
      signal,
    });
    if (status !== 200) throw unexpected(status, 'GET appointment/');
    const [from, to] = [Date.parse(startsAt), Date.parse(endsAt)];
    return (json as ProvetPage<ProvetAppointment>).results.filter(
      (a) => a.active === 1 && Date.parse(a.start) < to && Date.parse(a.end) > from,
    );
  }

  private async book(d: Booking, signal?: AbortSignal): Promise<WriteResult> {
    if (!d.clinician_ref || !d.reason_ref)
      return refused('invalid', 'The clinician or reason has no Provet reference.');
    if (!d.client_ref) throw waitingFor('client');
    if (!d.pet_ref) throw waitingFor('pet');
    const marker = portalMarker('appointment', d.appointment_id);
    const before = await this.diary(d.clinician_ref, d.starts_at, d.ends_at, signal);
    const ours = before.find((a) => a.notes.includes(marker));
    if (ours) return written({ appointment_ref: String(ours.id) });
    if (before.length > 0) return refused('slot_taken', 'The time is taken in Provet Cloud.');
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
    const clash = (await this.diary(user, startsAt, endsAt, signal)).some((a) => String(a.id) !== self);
    return clash
      ? refused('slot_taken', 'The time is taken in Provet Cloud.')
      : refused('invalid', refusedFields(json));
  }

  private async amend(
    d: PracticeEventData<'appointment.amended'>,
    signal?: AbortSignal,
  ): Promise<WriteResult> {
    if (!d.appointment_ref) throw waitingFor('appointment');
    if (!d.clinician_ref || !d.reason_ref)
      return refused('invalid', 'The clinician or reason has no Provet reference.');
    const clash = (await this.diary(d.clinician_ref, d.starts_at, d.ends_at, signal)).some(
      (a) => String(a.id) !== d.appointment_ref,
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

  private async cancel(
    d: PracticeEventData<'appointment.cancelled'>,
    signal?: AbortSignal,
  ): Promise<WriteResult> {
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

  private async registerClient(
    d: PracticeEventData<'client.registered'>,
    signal?: AbortSignal,
  ): Promise<WriteResult> {
    const marker = portalMarker('client', d.client_id);
    // email__is and lastname__icontains are the client list's documented filters (howto_clients_patients.html).
    const query: Record<string, string> = d.email
      ? { email__is: d.email }
      : { lastname__icontains: d.last_name };
    const found = await this.http.request({
      method: 'GET',
      collection: 'client',
      url: 'client/',
      query,
      signal,
    });
    if (found.status !== 200) throw unexpected(found.status, 'GET client/');
    let client = (found.json as ProvetPage<ProvetClient>).results.find((c) =>
      (c.remarks ?? '').includes(marker),
    );
    if (!client) {
      const body: ProvetClientCreate = {
        firstname: d.first_name,
        lastname: d.last_name,
        country: 'GB',
        customer_type: provetCustomerTypes.privatePerson,
        home_department: this.url('department', this.options.departmentId),
        remarks: marker,
        ...(d.email ? { email: d.email } : {}),
        ...(d.salutation ? { title: d.salutation } : {}),
        ...(d.address_line1 ? { street_address: d.address_line1 } : {}),
        ...(d.address_line2 ? { street_address_2: d.address_line2 } : {}),
        ...(d.town ? { city: d.town } : {}),
        ...(d.postcode ? { zip_code: d.postcode } : {}),
      };
      const created = await this.http.request({
        method: 'POST',
        collection: 'client',
        url: 'client/',
        body,
        signal,
      });
      if (created.status === 400) return refused('invalid', refusedFields(created.json));
      if (created.status !== 201 && created.status !== 200) throw unexpected(created.status, 'POST client/');
      client = created.json as ProvetClient;
      client.phone_numbers ??= [];
    }
    // Phone numbers are records of their own (howto_clients_patients.html); type codes: provet-shapes.ts.
    const phones: [string | null, number][] = [
      [d.mobile_phone, provetMobileTypeCode],
      [d.home_phone, provetMobileTypeCode + 1],
    ];
    for (const [phone, typeCode] of phones) {
      if (!phone || client.phone_numbers.some((p) => p.phone_number === phone)) continue;
      const added = await this.http.request({
        method: 'POST',
        collection: 'phonenumber',
        url: 'phonenumber/',
        body: { client: client.url, phone_number: phone, type_code: typeCode },
        signal,
      });
      if (added.status >= 500) throw unexpected(added.status, 'POST phonenumber/');
    }
    return written({ client_ref: String(client.id) });
  }

  private async registerPet(
    d: PracticeEventData<'pet.registered'>,
    signal?: AbortSignal,
  ): Promise<WriteResult> {
    if (!d.client_ref) throw waitingFor('client');
    const species = this.options.speciesCodes[d.species.toLowerCase()];
    if (species === undefined)
      return refused('invalid', `No Provet species code is configured for ${d.species}.`);
    const marker = portalMarker('pet', d.pet_id);
    const found = await this.http.request({
      method: 'GET',
      collection: 'patient',
      url: 'patient/',
      query: { client__is: d.client_ref },
      signal,
    });
    if (found.status !== 200) throw unexpected(found.status, 'GET patient/');
    const ours = (found.json as ProvetPage<ProvetPatient>).results.find((p) =>
      (p.remarks ?? '').includes(marker),
    );
    if (ours) return written({ pet_ref: String(ours.id) });
    const gender = provetGenderCodes[d.sex as keyof typeof provetGenderCodes];
    const body: ProvetPatientCreate = {
      name: d.name,
      client: this.url('client', d.client_ref),
      species,
      remarks: marker,
      ...(gender ? { gender } : {}),
      ...(d.date_of_birth ? { date_of_birth: d.date_of_birth } : {}),
      ...(d.microchip ? { microchip: d.microchip } : {}),
      ...(d.colour ? { color: d.colour } : {}),
    };
    const created = await this.http.request({
      method: 'POST',
      collection: 'patient',
      url: 'patient/',
      body,
      signal,
    });
    if (created.status === 400) return refused('invalid', refusedFields(created.json));
    if (created.status !== 201 && created.status !== 200) throw unexpected(created.status, 'POST patient/');
    return written({ pet_ref: String((created.json as ProvetPatient).id) });
  }
}
