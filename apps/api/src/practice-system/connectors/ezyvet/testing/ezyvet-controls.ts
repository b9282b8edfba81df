import type {
  Appointment,
  EzyvetDatabase,
  ProductPricing,
  seededStatuses,
  TableName,
} from './ezyvet-records.ts';

export interface DeskBooking {
  resourceId: number;
  typeId: number;
  animalId: number;
  /** ISO 8601 with an offset. */
  startsAt: string;
  minutes?: number;
  description?: string;
}

/**
 * The stand-in's control panel for tests (TypeScript, not HTTP): what the practice's desk does in ezyVet,
 * and the faults a test sets. Each desk change stamps the record's modified_at, as ezyVet does.
 */
export class EzyvetControls {
  protected down: false | 'error' | 'refuse' = false;
  protected stormUntil = 0;
  protected credentialsRevoked = false;
  protected hangNext: (() => void) | null = null;

  constructor(
    readonly db: EzyvetDatabase,
    private readonly nowMs: () => number,
  ) {}

  /** 'error': every request answers 503; 'refuse': connections are dropped; false: back up. */
  setDown(mode: false | 'error' | 'refuse'): void {
    this.down = mode;
  }

  /** Every request answers 429 for this long (a storm), its reset headers counting down to the end. */
  rateLimitStorm(seconds: number): void {
    this.stormUntil = this.nowMs() + seconds * 1000;
  }

  /** The client credentials stop working: the token endpoint refuses them. */
  revokeCredentials(): void {
    this.credentialsRevoked = true;
  }

  /**
   * The next successful write (POST or PATCH) is stored and never answered. Resolves once it is stored,
   * so a test aborts the connection's call then and not before.
   */
  hangNextWrite(): Promise<void> {
    return new Promise((resolve) => {
      this.hangNext = resolve;
    });
  }

  /** A booking made at the desk (a phone call): stored as a confirmed appointment, overlaps and all. */
  deskBook(booking: DeskBooking): Appointment {
    const animal = this.db.find('animal', booking.animalId);
    if (!animal) throw new Error(`No animal ${booking.animalId}`);
    const type = this.db.find('appointmenttype', booking.typeId);
    return this.db.insert('appointment', {
      uid: this.db.nextUid('appointment'),
      start_at: Date.parse(booking.startsAt) / 1000,
      duration: (booking.minutes ?? type?.default_duration ?? 15) * 60,
      type_id: booking.typeId,
      status_id: this.db.statusId('Confirmed'),
      animal_id: animal.id,
      contact_id: animal.contact_id,
      resources: [{ id: booking.resourceId }],
      description: booking.description ?? '',
    });
  }

  /** The desk moves an appointment to another time or clinician. */
  moveAppointment(id: number, change: { startsAt?: string; resourceId?: number }): Appointment {
    return this.db.update('appointment', id, {
      ...(change.startsAt !== undefined && { start_at: Date.parse(change.startsAt) / 1000 }),
      ...(change.resourceId !== undefined && { resources: [{ id: change.resourceId }] }),
    });
  }

  /** The desk records an outcome or cancels: the appointment's status becomes the named one. */
  setStatus(id: number, status: (typeof seededStatuses)[number]): Appointment {
    return this.db.update('appointment', id, { status_id: this.db.statusId(status) });
  }

  /**
   * A product's price set in ezyVet: net of tax and its tax rate (ezyvet-records.ts, [product pricing]):
   * its pricing record changed, or made the first time.
   */
  priceProduct(productId: number, price: string, taxRate = '20'): ProductPricing {
    const row = this.db.tables.productpricing.find((pricing) => pricing.product_id === productId);
    return row
      ? this.db.update('productpricing', row.id, { price, tax_rate: taxRate, active: true })
      : this.db.insert('productpricing', { product_id: productId, price, tax_rate: taxRate });
  }

  /** A record deleted in ezyVet: made inactive and stamped (ezyVet keeps records, it deactivates them). */
  deleteRecord(table: TableName, id: number): void {
    this.db.update(table, id, { active: false });
  }

  /** The diary: active appointments by start, with their status names. */
  diary(): (Appointment & { status: string })[] {
    return this.db.tables.appointment
      .filter((appointment) => appointment.active)
      .sort((a, b) => a.start_at - b.start_at || a.id - b.id)
      .map((appointment) => ({
        ...appointment,
        status: this.db.find('appointmentstatus', appointment.status_id)?.name ?? 'Unknown',
      }));
  }
}
