import type { z } from 'zod';
import type { ReadRecord, RefusedRead } from '../vendor-port.ts';
import type { animalSchema, appointmentSchema } from './ezyvet-answers.ts';
import { reachTypes } from './ezyvet-contact-writes.ts';
import {
  addressSchema,
  breedSchema,
  contactDetailSchema,
  planningGuideSchema,
  type contactSchema,
  type resourceSchema,
} from './ezyvet-answers.ts';
import { readAll, type EzyvetCatalog } from './ezyvet-catalog.ts';
import type { EzyvetHttp } from './ezyvet-http.ts';
import { instantText, wallClock } from './ezyvet-time.ts';

type Resource = z.infer<typeof resourceSchema>;
type Contact = z.infer<typeof contactSchema>;

const ref = (id: number) => String(id);

/** An appointment status name as the portal's status (a site names its own statuses: decision 0107). */
export function portalStatus(name: string | null): 'Booked' | 'Completed' | 'NoShow' | 'Cancelled' {
  if (name === null) return 'Booked';
  if (/cancel/i.test(name)) return 'Cancelled';
  if (/no.?show|did not (arrive|attend)|\bdna\b/i.test(name)) return 'NoShow';
  if (/complete|checked.?out|finished|discharged/i.test(name)) return 'Completed';
  return 'Booked';
}

/**
 * ezyVet's records as the portal's (the import's columns, decision 0107), with what each needs besides:
 * a clinician's planning guides, a client's contact details, a pet's species, breed and sex names.
 */
export class EzyvetRecordMapper {
  constructor(
    private readonly http: EzyvetHttp,
    private readonly catalog: EzyvetCatalog,
  ) {}

  async clinicians(resources: Resource[], signal?: AbortSignal): Promise<ReadRecord[]> {
    if (resources.length === 0) return [];
    const { timezone } = await this.catalog.site(signal);
    const today = Math.floor(this.http.now() / 86_400_000) * 86_400 - 86_400;
    const guides = await readAll(
      this.http,
      '/v2/planningguide',
      'planningguide',
      planningGuideSchema,
      {
        resource_id: { in: resources.map((resource) => resource.id) },
        start_at: { gte: today },
      },
      signal,
    );
    // A block-out guide takes time away (it is read as a closure): only the others offer times.
    const offered: typeof guides = [];
    for (const guide of guides)
      if ((await this.catalog.blockOutName(guide.appointment_type_id, signal)) === null) offered.push(guide);
    return resources.map((resource) => {
      const words = resource.name.trim().split(/\s+/);
      const last = words.length > 1 ? words.pop()! : words[0]!;
      const rota = offered
        .filter((guide) => guide.resource_id === resource.id)
        .sort((a, b) => a.start_at - b.start_at)
        .map((guide) => {
          const start = wallClock(guide.start_at, timezone);
          const end = wallClock(guide.end_at, timezone);
          return {
            day_of_week: start.dayOfWeek,
            starts: start.time,
            ends: end.time,
            valid_from: start.date,
            valid_to: start.date,
          };
        });
      return {
        ref: ref(resource.id),
        body: {
          clinician_ref: ref(resource.id),
          practice_ref: this.http.options.practiceRef,
          first_name: words.join(' '),
          last_name: last,
          clinician_type: resource.type === 'Nurse' ? 'Nurse' : 'Vet',
          active: true,
          rota_shifts: rota,
        },
      };
    });
  }

  /** Contacts as clients: e-mail and phones from their contact details, the address from their physical one. */
  async clients(contacts: Contact[], signal?: AbortSignal): Promise<ReadRecord[]> {
    if (contacts.length === 0) return [];
    const details = await readAll(
      this.http,
      '/v1/contactdetail',
      'contactdetail',
      contactDetailSchema,
      {
        contact_id: { in: contacts.map((contact) => contact.id) },
      },
      signal,
    );
    const types = await this.catalog.names('contactdetailtype', signal);
    const detail = (contactId: number, type: RegExp) =>
      details.find(
        (row) => row.contact_id === contactId && type.test(types.get(row.contact_detail_type_id) ?? ''),
      )?.value ?? null;
    const addressIds = contacts.flatMap((contact) => contact.address_physical ?? []);
    const addresses =
      addressIds.length === 0
        ? []
        : await readAll(
            this.http,
            '/v1/address',
            'address',
            addressSchema,
            { id: { in: addressIds } },
            signal,
          );
    const [email, mobile, home] = reachTypes.map(([, pattern]) => pattern);
    return contacts.map((contact) => {
      const address = addresses.find((row) => row.id === contact.address_physical);
      // An empty field is none (the connection clears a field with an empty string).
      const line = (value: string | null | undefined) => (value ? value : null);
      return {
        ref: ref(contact.id),
        body: {
          client_ref: ref(contact.id),
          practice_ref: this.http.options.practiceRef,
          first_name: contact.first_name,
          last_name: contact.last_name,
          email: detail(contact.id, email!),
          mobile_phone: detail(contact.id, mobile!),
          home_phone: detail(contact.id, home!),
          address_line1: line(address?.street_1),
          address_line2: line(address?.street_2),
          town: line(address?.city),
          county: line(address?.region),
          postcode: line(address?.post_code),
        },
      };
    });
  }

  /**
   * Animals as pets: species, breed and sex by ezyVet's names, for the layer's list matcher, with the
   * species' and breed's ids as their codes (kept with a name no list entry matches: decision 0131).
   */
  async pets(animals: z.infer<typeof animalSchema>[], signal?: AbortSignal): Promise<ReadRecord[]> {
    const breedIds = [...new Set(animals.flatMap((animal) => (animal.breed_id ? [animal.breed_id] : [])))];
    const breeds =
      breedIds.length === 0
        ? []
        : await readAll(this.http, '/v1/breed', 'breed', breedSchema, { id: { in: breedIds } }, signal);
    const records: ReadRecord[] = [];
    for (const animal of animals) {
      const sex = animal.sex_id ? await this.catalog.nameOf('sex', animal.sex_id, signal) : null;
      const breed = breeds.find((row) => row.id === animal.breed_id);
      records.push({
        ref: ref(animal.id),
        codes: { species: ref(animal.species_id), ...(breed ? { breed: ref(breed.id) } : {}) },
        body: {
          pet_ref: ref(animal.id),
          client_ref: ref(animal.contact_id),
          name: animal.name,
          species: await this.catalog.nameOf('species', animal.species_id, signal),
          breed: breed?.name ?? null,
          sex: /^f/i.test(sex ?? '') ? 'Female' : /^m/i.test(sex ?? '') ? 'Male' : null,
          neutered: animal.is_desexed === true || /neuter|spay|desex/i.test(sex ?? ''),
          date_of_birth: animal.date_of_birth,
          microchip: animal.microchip_number,
          status: animal.is_dead ? 'Deceased' : 'Active',
        },
      });
    }
    return records;
  }

  /** Appointments, each with its end (appointmentEnd); one whose end cannot be trusted is refused, not applied. */
  async appointments(rows: z.infer<typeof appointmentSchema>[], signal?: AbortSignal): Promise<Mapped> {
    if (rows.length === 0) return { records: [], refused: [] };
    const { timezone } = await this.catalog.site(signal);
    const records: ReadRecord[] = [];
    const refused: RefusedRead[] = [];
    for (const row of rows) {
      const end = appointmentEnd(row, timezone);
      if ('refused' in end) {
        refused.push({ ref: ref(row.id), reasons: [end.refused] });
        continue;
      }
      records.push({
        ref: ref(row.id),
        body: {
          practice_ref: this.http.options.practiceRef,
          clinician_ref: ref(row.resources[0]?.id ?? 0),
          client_ref: ref(row.contact_id),
          pet_ref: ref(row.animal_id),
          reason_ref: ref(row.type_id),
          starts_at: instantText(row.start_at, timezone),
          ends_at: instantText(end.at, timezone),
          status: portalStatus(await this.catalog.nameOf('appointmentstatus', row.status_id, signal)),
          notes: row.description === '' ? null : row.description,
          notes_for_client: false,
        },
      });
    }
    return { records, refused };
  }
}

/** What a kind's mapping gives: the records, and those it would not map (decision 0130). */
export interface Mapped {
  records: ReadRecord[];
  refused: RefusedRead[];
}

/** A desk appointment shorter than this, read as seconds, is more likely minutes misread (decision 0130). */
const shortestSeconds = 5 * 60;
const daySeconds = 24 * 60 * 60;

/**
 * When a desk appointment ends (decision 0130). Its end time where the record carries one (`end_at`,
 * `end_time`); else its start plus `duration` read as seconds. No ezyVet document we could read gives
 * the unit, and a public client reading live ezyVet data, like an ezyVet stand-in written from ezyVet's
 * documents apart from the project, takes seconds: read as minutes, a 15-minute appointment (900) would
 * hold the vet's next 15 hours. Since either misreading costs a clinician's day (blanked) or a double
 * booking (a 15-minute one read as 15 seconds), an end that cannot be right is refused and reported rather
 * than applied: one not after its start, one longer than a day, one past the end of the practice's day on
 * the site's wall clock, and a duration under five minutes.
 */
export function appointmentEnd(
  row: Pick<z.infer<typeof appointmentSchema>, 'start_at' | 'duration' | 'end_at' | 'end_time'>,
  timezone: string,
): { at: number } | { refused: RefusedRead['reasons'][number] } {
  const given = row.end_at ?? row.end_time;
  const field = row.end_at !== undefined ? 'end_at' : 'end_time';
  if (given !== undefined) {
    if (given <= row.start_at) return { refused: { path: field, message: 'not after start_at' } };
    if (given - row.start_at > daySeconds)
      return { refused: { path: field, message: 'more than a day after start_at' } };
    return { at: given };
  }
  if (row.duration === undefined)
    return { refused: { path: 'duration', message: 'missing, and no end_at or end_time' } };
  if (row.duration < shortestSeconds)
    return {
      refused: { path: 'duration', message: 'under 5 minutes read as seconds: its unit is in doubt' },
    };
  if (row.duration > daySeconds)
    return { refused: { path: 'duration', message: 'longer than a day read as seconds' } };
  const at = row.start_at + row.duration;
  // An end on a later day than its start (midnight excepted) runs past the practice's day.
  if (wallClock(at - 1, timezone).date !== wallClock(row.start_at, timezone).date)
    return {
      refused: { path: 'duration', message: 'ends after the practice’s day, read as seconds' },
    };
  return { at };
}
