import { provetAppointmentTypes } from '../provet-shapes.ts';
import type { ProvetCollection, ProvetStore, StoredRecord } from './provet-store.ts';

export interface DeskBooking {
  userId: number;
  departmentId: number;
  clientId: number;
  patientId: number;
  reasonId: number;
  start: string;
  end: string;
  notes?: string;
}

/**
 * The tests' hold on the stand-in (TypeScript, not HTTP): the desk's work, deleted records, faults, and
 * what the connection sent.
 */
export class ProvetControl {
  /** 'error': 503 to everything; 'refused': connections dropped unanswered. */
  down: 'error' | 'refused' | null = null;
  /** Every API request answers 429 until then (ms on the stand-in's clock). */
  stormUntil = 0;
  credentialsRevoked = false;
  private hangs = 0;
  private hung: (() => void)[] = [];
  readonly requests = new Map<string, number>();
  readonly statuses: { endpoint: string; status: number }[] = [];
  readonly violations: string[] = [];

  constructor(
    readonly store: ProvetStore,
    private readonly revokeAll: () => void,
  ) {}

  // --- the desk -------------------------------------------------------------------------------------

  deskBook(booking: DeskBooking): StoredRecord {
    const s = this.store;
    return s.insert('appointment', {
      start: new Date(booking.start).toISOString(),
      end: new Date(booking.end).toISOString(),
      title: '',
      complaint: '',
      user: s.url('user', booking.userId),
      client: s.url('client', booking.clientId),
      patients: [s.url('patient', booking.patientId)],
      consultation: null,
      notes: booking.notes ?? '',
      active: 1,
      department: s.url('department', booking.departmentId),
      reason: s.url('reason', booking.reasonId),
      type: provetAppointmentTypes.consultation,
    });
  }

  /** An internal booking (type 4): the clinician's time held, with no client (a meeting, leave). */
  deskInternal(booking: { userId: number; departmentId: number; start: string; end: string; title: string }) {
    const s = this.store;
    return s.insert('appointment', {
      start: new Date(booking.start).toISOString(),
      end: new Date(booking.end).toISOString(),
      title: booking.title,
      complaint: '',
      user: s.url('user', booking.userId),
      client: null,
      patients: [],
      consultation: null,
      notes: '',
      active: 1,
      department: s.url('department', booking.departmentId),
      reason: null,
      type: provetAppointmentTypes.internalBooking,
    });
  }

  deskMove(id: number, start: string, end: string): StoredRecord {
    return this.store.update('appointment', id, {
      start: new Date(start).toISOString(),
      end: new Date(end).toISOString(),
    });
  }

  deskCancel(id: number): StoredRecord {
    return this.store.update('appointment', id, { active: 0 });
  }

  /** A consultation held for the appointment: the portal reads it as Completed. */
  deskComplete(id: number): StoredRecord {
    return this.store.update('appointment', id, { consultation: this.store.url('appointment', id) });
  }

  /** Clients and patients are archived, not deleted ("create, read, update, and archive": howto_clients_patients). */
  archive(collection: 'client' | 'patient', id: number): StoredRecord {
    return this.store.update(collection, id, { archived: true });
  }

  /** A record removed outright (an appointment deleted at the desk, say): 404 from then on. */
  deleteRecord(collection: ProvetCollection, id: number): void {
    this.store.remove(collection, id);
  }

  /** The diary: appointments on the calendar, in time order. */
  diary(): StoredRecord[] {
    return this.store
      .list('appointment')
      .filter((a) => a.active === 1)
      .sort((a, b) => Date.parse(String(a.start)) - Date.parse(String(b.start)));
  }

  // --- faults ---------------------------------------------------------------------------------------

  goDown(mode: 'error' | 'refused' = 'error'): void {
    this.down = mode;
  }

  comeBack(): void {
    this.down = null;
  }

  /** A 429 storm: every API request refused for `ms` from `now`. */
  rateLimitStorm(now: number, ms: number): void {
    this.stormUntil = now + ms;
  }

  /** The access tokens issued so far stop working; the credentials still get a fresh one. */
  revokeTokens(): void {
    this.revokeAll();
  }

  /** The integration's client credentials are revoked: no token any more. */
  revokeCredentials(): void {
    this.credentialsRevoked = true;
    this.revokeAll();
  }

  /** The next write is stored and never answered; resolves once it has been stored. */
  hangNextWrite(): Promise<void> {
    this.hangs += 1;
    return new Promise((resolve) => this.hung.push(resolve));
  }

  takeHang(): boolean {
    if (this.hangs === 0) return false;
    this.hangs -= 1;
    this.hung.shift()?.();
    return true;
  }

  // --- what was sent --------------------------------------------------------------------------------

  count(endpoint: string, status: number): void {
    this.requests.set(endpoint, (this.requests.get(endpoint) ?? 0) + 1);
    this.statuses.push({ endpoint, status });
  }

  violation(what: string): void {
    this.violations.push(what);
  }

  requestsTo(endpoint: string): number {
    return this.requests.get(endpoint) ?? 0;
  }

  answered(status: number): number {
    return this.statuses.filter((entry) => entry.status === status).length;
  }
}
