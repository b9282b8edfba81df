import { addDays, practiceDate } from '@vet/contracts/practice-clock';
import { billPage } from '../bill-rows.ts';
import type { PriceMap } from '../price-map.ts';
import type { ReadKind, ReadPage, ReadRecord, RefusedRead } from '../vendor-port.ts';
import { readProvetBills } from './provet-bill-reads.ts';
import { filterTime, unexpected, type ProvetHttp } from './provet-http.ts';
import { itemPrices } from './provet-prices.ts';
import { ProvetVaccines } from './provet-vaccines.ts';
import {
  appointmentBody,
  clientBody,
  closureBody,
  clinicianBody,
  petBody,
  vaccinationBody,
  practiceBody,
  reasonBody,
} from './provet-map.ts';
import {
  type ProvetAppointment,
  provetAppointmentTypes,
  type ProvetClient,
  type ProvetConsultationItem,
  type ProvetDepartment,
  type ProvetItem,
  provetIdOf,
  type ProvetPage,
  type ProvetPatient,
  type ProvetReason,
  type ProvetShift,
  type ProvetUser,
} from './provet-shapes.ts';

export interface ProvetReadOptions {
  departmentId: string;
  practiceRef: string;
  /**
   * Records a page when set (it then costs page_size / the installation's default, provet-http.ts); unset,
   * no page_size is sent and each page is the installation's default size, one request's cost.
   */
  pageSize: number | undefined;
  /** Days of shifts read as each clinician's rota, from today. */
  rotaDays: number;
  /**
   * The rota (users and their shifts) is read again this long after its last full read, or when the
   * practice's day changes: shifts have no documented modification filter, so each read is whole.
   */
  rotaRefreshMs: number;
  nurseGroupIds: ReadonlySet<string>;
  /** The portal practice of each department, for a client's home practice (else this connection's). */
  practiceRefsByDepartment: Readonly<Record<string, string>>;
  /** The items that price the practice's list (decision 0147). */
  priceMap: PriceMap;
}

/**
 * The cursor: a sweep through one kind's pages. `since` bounds a delta by `modified__gte` (clients,
 * patients, appointments: "Records changed since this timestamp (use for delta sync)",
 * howto_clients_patients.html); kinds without a documented modification filter are read whole each sweep.
 * The next sweep starts a margin before this one began, so a record changed during a sweep, or stamped by
 * a clock a little behind ours, is read again rather than skipped (the layer applies a repeat as unchanged).
 */
interface Cursor {
  since: string | null;
  page: number;
  sweepStartedAt: number;
  /** Clinicians given last sweep and this one so far: one no longer rostered here is sent with no rota. */
  previous?: string[];
  current?: string[];
  /** Clinicians: when the last whole rota sweep began, and the practice's day it began on. */
  rotaReadAt?: number;
  rotaDay?: string;
}
const sweepMarginMs = 5 * 60_000;

const decode = (cursor: string | null, now: number): Cursor =>
  cursor ? (JSON.parse(cursor) as Cursor) : { since: null, page: 1, sweepStartedAt: now };

/** What a page read gives: its records, the references deleted, and the next page's link (null: the last). */
interface Found {
  records: ReadRecord[];
  deleted: string[];
  next: string | null;
  refused?: RefusedRead[];
}

/** What one row becomes: a record's body, its reference deleted, or nothing of the kind read. */
type RowRead = ReadRecord['body'] | 'deleted' | null;

export class ProvetReader {
  private readonly vaccines: ProvetVaccines;

  constructor(
    private readonly http: ProvetHttp,
    private readonly options: ProvetReadOptions,
    private readonly now: () => number,
  ) {
    this.vaccines = new ProvetVaccines(http, unexpected);
  }

  private async page<T>(
    collection: string,
    query: Record<string, string>,
    page: number,
    signal?: AbortSignal,
  ) {
    const { status, json } = await this.http.request({
      method: 'GET',
      collection,
      url: `${collection}/`,
      query: {
        ...query,
        page: String(page),
        ...(this.options.pageSize === undefined ? {} : { page_size: String(this.options.pageSize) }),
      },
      signal,
    });
    if (status === 404 && page > 1)
      return { count: 0, num_pages: 0, next: null, previous: null, results: [] };
    if (status !== 200) throw unexpected(status, `GET ${collection}/`);
    return json as ProvetPage<T>;
  }

  async read<K extends ReadKind>(
    kind: K,
    cursorText: string | null,
    signal?: AbortSignal,
  ): Promise<ReadPage<K>> {
    if (kind === 'estimates' || kind === 'invoices') {
      const { departmentId, practiceRef, pageSize } = this.options;
      const bills = await readProvetBills(
        this.http,
        { departmentId, practiceRef, pageSize },
        kind,
        cursorText,
        this.now(),
        signal,
      );
      return billPage(kind, bills);
    }
    const cursor = decode(cursorText, this.now());
    if (cursor.page === 1) cursor.sweepStartedAt = this.now();
    if (kind === 'clinicians' && cursor.page === 1 && !this.rotaDue(cursor)) {
      // Read whole less often (decision 0115): a pass between sweeps costs no request.
      return { records: [], deleted: [], cursor: cursorText ?? JSON.stringify(cursor), more: false };
    }
    const { records, deleted, next, refused } = await this.pageOf(kind, cursor, signal);
    const more = next !== null;
    const following: Cursor = more
      ? { ...cursor, page: cursor.page + 1 }
      : {
          since: new Date(cursor.sweepStartedAt - sweepMarginMs).toISOString(),
          page: 1,
          sweepStartedAt: cursor.sweepStartedAt,
          ...(kind === 'clinicians'
            ? {
                previous: cursor.current ?? [],
                current: [],
                rotaReadAt: cursor.sweepStartedAt,
                rotaDay: practiceDate(new Date(cursor.sweepStartedAt)),
              }
            : {}),
        };
    return { records, deleted, cursor: JSON.stringify(following), more, ...(refused ? { refused } : {}) };
  }

  /** The cursor's page of a kind: its records, the references deleted, and whether a next page is listed. */
  private async pageOf(kind: ReadKind, cursor: Cursor, signal?: AbortSignal): Promise<Found> {
    const department = { department__is: this.options.departmentId };
    const { practiceRef } = this.options;
    switch (kind) {
      case 'practices':
        return this.practice(signal);
      case 'clinicians':
        return this.clinicians(cursor, signal);
      case 'closures':
        return this.sweep<ProvetAppointment>(
          'appointment',
          department,
          cursor,
          signal,
          // Cancelled, or since given a client (a preliminary booking completed): no longer a closure. A
          // first sweep has nothing to take back.
          (appointment) =>
            closureBody(appointment, practiceRef) ??
            (cursor.since !== null && mayHaveBeenClosure(appointment) ? 'deleted' : null),
        );
      case 'appointment-reasons': {
        // Reasons carry no change time: each sweep reads them whole, in the order listed.
        const page = await this.page<ProvetReason>('reason', {}, cursor.page, signal);
        return collect(page.results, page.next, (reason) =>
          reason.archived ? 'deleted' : reasonBody(reason),
        );
      }
      case 'clients':
        return this.sweep<ProvetClient>('client', {}, cursor, signal, (client) =>
          client.archived ? 'deleted' : clientBody(client, this.homePractice(client)),
        );
      case 'pets':
        return this.sweep<ProvetPatient>('patient', {}, cursor, signal, (patient) =>
          patient.archived ? 'deleted' : petBody(patient),
        );
      case 'appointments':
        return this.sweep<ProvetAppointment>('appointment', department, cursor, signal, (appointment) =>
          appointmentBody(appointment, practiceRef),
        );
      case 'prices': {
        // Every item changed is read (no documented filter by id); only the mapped ones become prices.
        const { rows, next } = await this.changed<ProvetItem>('item', {}, cursor, signal);
        return { ...itemPrices(rows, this.options.priceMap, practiceRef, this.now()), next };
      }
      case 'vaccinations':
        // A vaccine given is a consultation item whose catalogue item is a vaccine (decision 0120).
        if (cursor.page === 1) this.vaccines.clear();
        return this.sweep<ProvetConsultationItem>('consultationitem', {}, cursor, signal, async (given) => {
          const pet = provetIdOf(given.patient);
          if (!pet || !given.used || !(await this.vaccines.isVaccine(given.item, signal))) return null;
          return vaccinationBody(given, pet);
        });
      case 'estimates':
      case 'invoices':
        throw new Error('Bills are read with their own cursor (read).');
    }
  }

  /**
   * A page of a collection's records changed since the cursor (all of them on a first sweep), oldest change
   * first (the port's order; the documentation names no ordering parameter), each row read by `each`.
   */
  private async sweep<T extends { id: number; modified: string }>(
    collection: string,
    query: Record<string, string>,
    cursor: Cursor,
    signal: AbortSignal | undefined,
    each: (row: T) => RowRead | Promise<RowRead>,
  ): Promise<Found> {
    const { rows, next } = await this.changed<T>(collection, query, cursor, signal);
    return collect(rows, next, each);
  }

  /** The cursor's page of a collection's records changed since its sweep began, oldest change first. */
  private async changed<T extends { id: number; modified: string }>(
    collection: string,
    query: Record<string, string>,
    cursor: Cursor,
    signal: AbortSignal | undefined,
  ): Promise<{ rows: T[]; next: string | null }> {
    const since: Record<string, string> = cursor.since
      ? { modified__gte: filterTime(Date.parse(cursor.since)) }
      : {};
    const page = await this.page<T>(collection, { ...since, ...query }, cursor.page, signal);
    const rows = [...page.results].sort(
      (a, b) => Date.parse(a.modified) - Date.parse(b.modified) || a.id - b.id,
    );
    return { rows, next: page.next };
  }

  private async practice(signal?: AbortSignal): Promise<Found> {
    const { status, json } = await this.http.request({
      method: 'GET',
      collection: 'department',
      url: `department/${this.options.departmentId}/`,
      signal,
    });
    if (status !== 200) throw unexpected(status, 'GET department/{id}/');
    const { practiceRef } = this.options;
    return {
      records: [{ ref: practiceRef, body: practiceBody(json as ProvetDepartment, practiceRef) }],
      deleted: [],
      next: null,
    };
  }

  /** A page of users, each with its shifts: one no longer rostered here is given once more, with no rota. */
  private async clinicians(cursor: Cursor, signal?: AbortSignal): Promise<Found> {
    const page = await this.page<ProvetUser>('user', {}, cursor.page, signal);
    const shifts = await this.shiftsOf(page.results, signal);
    const previous = new Set(cursor.previous ?? []);
    const current = (cursor.current ??= []);
    return collect(page.results, page.next, (user) => {
      const own = shifts.filter((shift) => shift.user === user.url);
      if (own.length === 0 && !previous.has(String(user.id))) return null; // not rostered here
      if (own.length > 0) current.push(String(user.id));
      return clinicianBody(user, own, this.options.practiceRef, this.options.nurseGroupIds);
    });
  }

  /** A whole rota sweep is due: never read, read too long ago, or read on an earlier day (its window moved). */
  private rotaDue(cursor: Cursor): boolean {
    if (cursor.since === null || cursor.rotaReadAt === undefined) return true;
    const now = this.now();
    return (
      now - cursor.rotaReadAt >= this.options.rotaRefreshMs || practiceDate(new Date(now)) !== cursor.rotaDay
    );
  }

  private homePractice(client: ProvetClient): string {
    const home = provetIdOf(client.home_department);
    return (home && this.options.practiceRefsByDepartment[home]) ?? this.options.practiceRef;
  }

  /** The users' shifts at this department from today for the rota's days, every page. */
  private async shiftsOf(users: readonly ProvetUser[], signal?: AbortSignal): Promise<ProvetShift[]> {
    if (users.length === 0) return [];
    const today = practiceDate(new Date(this.now()));
    const query = {
      user__in: `[${users.map((user) => user.id).join(',')}]`,
      department__is: this.options.departmentId,
      start__gte: filterTime(Date.parse(`${today}T00:00:00Z`) - 3_600_000),
      start__lt: filterTime(Date.parse(`${addDays(today, this.options.rotaDays)}T00:00:00Z`)),
    };
    const shifts: ProvetShift[] = [];
    for (let page = 1; ; page += 1) {
      const found = await this.page<ProvetShift>('shift', query, page, signal);
      shifts.push(...found.results);
      if (!found.next) return shifts;
    }
  }
}

/** An appointment that was, or may have been, read as a closure: one without a client's appointment in it. */
function mayHaveBeenClosure(appointment: ProvetAppointment): boolean {
  const complete = appointment.client && appointment.patients.length > 0 && appointment.reason;
  return (
    !complete ||
    (appointment.type !== provetAppointmentTypes.consultation &&
      appointment.type !== provetAppointmentTypes.onlineBooking)
  );
}

/** The rows of a page, each read by `each` into a record (by its id), a deletion or nothing. */
async function collect<T extends { id: number }>(
  rows: readonly T[],
  next: string | null,
  each: (row: T) => RowRead | Promise<RowRead>,
): Promise<Found> {
  const found: Found = { records: [], deleted: [], next };
  for (const row of rows) {
    const read = await each(row);
    if (read === 'deleted') found.deleted.push(String(row.id));
    else if (read) found.records.push({ ref: String(row.id), body: read });
  }
  return found;
}
