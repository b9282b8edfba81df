import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { ReadKind, ReadPage, ReadRecord } from '../vendor-port.ts';
import {
  animalSchema,
  appointmentSchema,
  appointmentTypeSchema,
  breedSchema,
  contactDetailSchema,
  contactSchema,
  planningGuideSchema,
  resourceSchema,
  vaccinationSchema,
} from './ezyvet-answers.ts';
import { readAll, type EzyvetCatalog } from './ezyvet-catalog.ts';
import type { EzyvetHttp } from './ezyvet-http.ts';
import { instantText, wallClock } from './ezyvet-time.ts';
import {
  pairCursorSchema,
  pairStart,
  readCursor,
  windowCursorSchema,
  windowPage,
  windowStart,
  type WindowCursor,
} from './ezyvet-window.ts';

type Body = Record<string, unknown>;
type Page = ReadPage<ReadKind>;
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

/** Maps what ezyVet answers to the portal's records, kind by kind (decision 0107). */
export class EzyvetReader {
  constructor(
    private readonly http: EzyvetHttp,
    private readonly catalog: EzyvetCatalog,
  ) {}

  async read(kind: ReadKind, cursor: string | null, signal?: AbortSignal): Promise<Page> {
    switch (kind) {
      case 'practices':
        return this.practice(cursor, signal);
      case 'clinicians':
        return this.pair(cursor, signal, {
          parent: ['/v2/resource', 'resource', resourceSchema],
          child: ['/v2/planningguide', 'planningguide', planningGuideSchema],
          parentOf: (guide) => guide.resource_id,
          records: (resources) => this.clinicians(resources, signal),
        });
      case 'clients':
        return this.pair(cursor, signal, {
          parent: ['/v1/contact', 'contact', contactSchema],
          child: ['/v1/contactdetail', 'contactdetail', contactDetailSchema],
          parentOf: (detail) => detail.contact_id,
          records: (contacts) => this.clients(contacts, signal),
        });
      case 'appointment-reasons':
        return this.window(
          cursor,
          signal,
          '/v2/appointmenttype',
          'appointmenttype',
          appointmentTypeSchema,
          (types) =>
            Promise.resolve(
              types.map((type) => ({
                ref: ref(type.id),
                // ezyVet's appointment types carry no clinician type: Vet, for the practice to change.
                body: {
                  reason_ref: ref(type.id),
                  name: type.name,
                  duration_minutes: type.duration,
                  clinician_type: 'Vet',
                },
              })),
            ),
        );
      case 'pets':
        return this.window(cursor, signal, '/v1/animal', 'animal', animalSchema, (animals) =>
          this.pets(animals, signal),
        );
      case 'vaccinations':
        return this.window(cursor, signal, '/v1/vaccination', 'vaccination', vaccinationSchema, (rows) =>
          Promise.resolve(
            rows.map((row) => ({
              ref: ref(row.id),
              body: {
                vaccination_ref: ref(row.id),
                pet_ref: ref(row.animal_id),
                vaccine: row.name,
                given_on: row.date_given,
                due_on: row.date_due,
              },
            })),
          ),
        );
      case 'appointments':
        return this.window(cursor, signal, '/v2/appointment', 'appointment', appointmentSchema, (rows) =>
          this.appointments(rows, signal),
        );
      case 'closures':
        // ezyVet's documentation we read has no closures: a practice's closures come by the import.
        return { records: [], deleted: [], cursor: cursor ?? 'none', more: false };
    }
  }

  /** The site as the practice: read whole each time, answered only when it changed. */
  private async practice(cursor: string | null, signal?: AbortSignal): Promise<Page> {
    const site = await this.catalog.site(signal);
    const { practiceRef } = this.http.options;
    const body: Body = {
      practice_ref: practiceRef,
      name: site.name,
      address_line1: site.address_line1,
      town: site.town,
      postcode: site.postcode,
      phone: site.phone,
      time_zone: site.timezone,
    };
    const digest = createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 22);
    const records = digest === cursor ? [] : [{ ref: practiceRef, body }];
    return { records, deleted: [], cursor: digest, more: false };
  }

  private async window<S extends z.ZodType<{ id: number; modified_at: number }>>(
    cursor: string | null,
    signal: AbortSignal | undefined,
    path: string,
    key: string,
    schema: S,
    records: (rows: z.infer<S>[]) => Promise<ReadRecord[]>,
  ): Promise<Page> {
    const page = await windowPage(
      this.http,
      path,
      key,
      schema,
      readCursor(windowCursorSchema, cursor, windowStart),
      signal,
    );
    return {
      records: await records(page.rows),
      deleted: page.gone.map((row) => ref(row.id)),
      cursor: JSON.stringify(page.next),
      more: page.more,
    };
  }

  private async pair<
    P extends z.ZodType<{ id: number; modified_at: number }>,
    C extends z.ZodType<{ id: number; modified_at: number }>,
  >(
    cursor: string | null,
    signal: AbortSignal | undefined,
    kind: {
      parent: [string, string, P];
      child: [string, string, C];
      parentOf: (child: z.infer<C>) => number;
      records: (parents: z.infer<P>[]) => Promise<ReadRecord[]>;
    },
  ): Promise<Page> {
    const at = readCursor(pairCursorSchema, cursor, pairStart);
    if (at.on === 'parent') {
      const page = await windowPage(this.http, ...kind.parent, at.parent, signal);
      // After a first sync every parent was read with its children as they were then: the children's
      // window may start where the parents' ended.
      const child: WindowCursor =
        at.parent.s === 0 && !page.more ? { ...windowStart, s: page.next.s } : at.child;
      const next = page.more
        ? { ...at, parent: page.next }
        : { on: 'child' as const, parent: page.next, child };
      return {
        records: await kind.records(page.rows),
        deleted: page.gone.map((row) => ref(row.id)),
        cursor: JSON.stringify(next),
        more: true,
      };
    }
    const page = await windowPage(this.http, ...kind.child, at.child, signal);
    const ids = [...new Set([...page.rows, ...page.gone].map(kind.parentOf))];
    const [path, key, schema] = kind.parent;
    const parents =
      ids.length === 0 ? [] : await readAll(this.http, path, key, schema, { id: { in: ids } }, signal);
    const next = page.more ? { ...at, child: page.next } : { ...at, on: 'parent' as const, child: page.next };
    return {
      records: await kind.records(parents),
      deleted: [],
      cursor: JSON.stringify(next),
      more: page.more,
    };
  }

  /** Resources as clinicians, each with its future planning guides as dated rota shifts. */
  private async clinicians(resources: Resource[], signal?: AbortSignal): Promise<ReadRecord[]> {
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
    return resources.map((resource) => {
      const words = resource.name.trim().split(/\s+/);
      const last = words.length > 1 ? words.pop()! : words[0]!;
      const rota = guides
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

  /** Contacts as clients, with their e-mail and phones from their contact details. */
  private async clients(contacts: Contact[], signal?: AbortSignal): Promise<ReadRecord[]> {
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
    return contacts.map((contact) => ({
      ref: ref(contact.id),
      body: {
        client_ref: ref(contact.id),
        practice_ref: this.http.options.practiceRef,
        first_name: contact.first_name,
        last_name: contact.last_name,
        email: detail(contact.id, /e-?mail/i),
        mobile_phone: detail(contact.id, /mobile|cell/i),
        home_phone: detail(contact.id, /^(home )?phone$/i),
      },
    }));
  }

  /** Animals as pets: species, breed and sex by ezyVet's names, for the layer's list matcher. */
  private async pets(animals: z.infer<typeof animalSchema>[], signal?: AbortSignal): Promise<ReadRecord[]> {
    const breedIds = [...new Set(animals.flatMap((animal) => (animal.breed_id ? [animal.breed_id] : [])))];
    const breeds =
      breedIds.length === 0
        ? []
        : await readAll(this.http, '/v1/breed', 'breed', breedSchema, { id: { in: breedIds } }, signal);
    const records: ReadRecord[] = [];
    for (const animal of animals) {
      const sex = animal.sex_id ? await this.catalog.nameOf('sex', animal.sex_id, signal) : null;
      records.push({
        ref: ref(animal.id),
        body: {
          pet_ref: ref(animal.id),
          client_ref: ref(animal.contact_id),
          name: animal.name,
          species: await this.catalog.nameOf('species', animal.species_id, signal),
          breed: breeds.find((breed) => breed.id === animal.breed_id)?.name ?? null,
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

  private async appointments(
    rows: z.infer<typeof appointmentSchema>[],
    signal?: AbortSignal,
  ): Promise<ReadRecord[]> {
    if (rows.length === 0) return [];
    const { timezone } = await this.catalog.site(signal);
    const records: ReadRecord[] = [];
    for (const row of rows) {
      records.push({
        ref: ref(row.id),
        body: {
          practice_ref: this.http.options.practiceRef,
          clinician_ref: ref(row.resources[0]?.id ?? 0),
          client_ref: ref(row.contact_id),
          pet_ref: ref(row.animal_id),
          reason_ref: ref(row.type_id),
          starts_at: instantText(row.start_at, timezone),
          ends_at: instantText(row.start_at + row.duration * 60, timezone),
          status: portalStatus(await this.catalog.nameOf('appointmentstatus', row.status_id, signal)),
          notes: row.description === '' ? null : row.description,
          notes_for_client: false,
        },
      });
    }
    return records;
  }
}
