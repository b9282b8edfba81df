import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { billPage } from '../bill-rows.ts';
import type { ReadKind, ReadPage, ReadRecord } from '../vendor-port.ts';
import {
  animalSchema,
  appointmentSchema,
  appointmentTypeSchema,
  contactDetailSchema,
  contactSchema,
  planningGuideSchema,
  resourceSchema,
  vaccinationSchema,
} from './ezyvet-answers.ts';
import { blockOutName, readAll, type EzyvetCatalog } from './ezyvet-catalog.ts';
import { readEzyvetBills } from './ezyvet-bill-reads.ts';
import { EzyvetClosures } from './ezyvet-closures.ts';
import type { EzyvetHttp } from './ezyvet-http.ts';
import { EzyvetRecordMapper, type Mapped } from './ezyvet-map.ts';
import { readPrices } from './ezyvet-prices.ts';
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

const ref = (id: number) => String(id);

/** Maps what ezyVet answers to the portal's records, kind by kind (decision 0107). */
export class EzyvetReader {
  private readonly map: EzyvetRecordMapper;
  private readonly closures: EzyvetClosures;

  constructor(
    private readonly http: EzyvetHttp,
    private readonly catalog: EzyvetCatalog,
  ) {
    this.map = new EzyvetRecordMapper(http, catalog);
    this.closures = new EzyvetClosures(http, catalog);
  }

  async read(kind: ReadKind, cursor: string | null, signal?: AbortSignal): Promise<Page> {
    switch (kind) {
      case 'practices':
        return this.practice(cursor, signal);
      case 'clinicians':
        return this.pair(cursor, signal, {
          parent: ['/v2/resource', 'resource', resourceSchema],
          child: ['/v2/planningguide', 'planningguide', planningGuideSchema],
          parentOf: (guide) => guide.resource_id,
          records: (resources) => this.map.clinicians(resources, signal),
        });
      case 'clients':
        return this.pair(cursor, signal, {
          parent: ['/v1/contact', 'contact', contactSchema],
          child: ['/v1/contactdetail', 'contactdetail', contactDetailSchema],
          parentOf: (detail) => detail.contact_id,
          records: (contacts) => this.map.clients(contacts, signal),
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
              // A block-out type is no reason to book: its guides are closures (decision 0116).
              types
                .filter((type) => !blockOutName.test(type.name))
                .map((type) => ({
                  ref: ref(type.id),
                  // ezyVet's appointment types carry no clinician type: Vet, for the practice to change.
                  body: {
                    reason_ref: ref(type.id),
                    name: type.name,
                    duration_minutes: type.default_duration,
                    clinician_type: 'Vet',
                  },
                })),
            ),
        );
      case 'pets':
        return this.window(cursor, signal, '/v1/animal', 'animal', animalSchema, (animals) =>
          this.map.pets(animals, signal),
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
          this.map.appointments(rows, signal),
        );
      case 'closures':
        return this.closures.read(cursor, signal);
      case 'prices':
        return readPrices(this.http, this.http.options.priceMap ?? [], cursor, signal);
      case 'estimates':
      case 'invoices':
        return billPage(kind, await readEzyvetBills(this.http, kind, cursor, signal));
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
    records: (rows: z.infer<S>[]) => Promise<ReadRecord[] | Mapped>,
  ): Promise<Page> {
    const page = await windowPage(
      this.http,
      path,
      key,
      schema,
      readCursor(windowCursorSchema, cursor, windowStart),
      signal,
    );
    const mapped = await records(page.rows);
    return {
      ...(Array.isArray(mapped) ? { records: mapped } : mapped),
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
}
