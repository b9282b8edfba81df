import type { Estimate, Invoice, InvoiceLine, Stamped } from './ezyvet-bill-records.ts';

/**
 * The stand-in's ezyVet database: the records of one site, in the shapes the ezyVet API answers them.
 *
 * Sources (read 2026-11-27; the OpenAPI documents could be read only in part, so each field says where it
 * comes from, and a field marked "assumed" is one the documentation we could read is silent on):
 * - [appointments] https://developers.ezyvet.com/endpoints/appointment-management.html and
 *   https://developers.ezyvet.com/openapi/appointment-management.json: appointments carry `id`, `active`,
 *   `created_at` and `modified_at` as epoch seconds ("The epoch time when the Appointment was last
 *   modified"), appointment types and resources carry a `uid` (https://developers.ezyvet.com/guides/booking.html).
 * - [site] https://developers.ezyvet.com/guides/booking.html: v3/siteInformation gives the site `id` and
 *   `timezone` (answered as JSON:API or in the items envelope, ezyvet-stand-in-routes.ts: the shape is not
 *   in what we read); its name, address and phone are assumed.
 * - [v1 records] https://developers.ezyvet.com/docs/v1/ (contact, contactdetail, contactdetailtype, animal, species, breed,
 *   sex, vaccination, appointmentstatus); field names follow the v1 reference as public clients use it
 *   (secondary: github.com/api-evangelist/ezyvet, which models them). `code` on contact and animal,
 *   `uid` on contact and animal, and vaccination's `animal_id` are assumed.
 * - [planning guides] appointment-management.json, tag "Planning Guides": "sync endpoints designed for
 *   integrations that maintain a local copy of resource availability windows"; the fields below are
 *   assumed (a resource, a start and an end as epoch seconds, `active`, `modified_at`, the appointment
 *   type offered). https://developers.ezyvet.com/guides/availability.html: a resource's time is blocked by
 *   "a Block Out - Unavailable planning guide" (the closures, decision 0116).
 * - [addresses] https://developers.ezyvet.com/docs/v1/ lists an Address endpoint beside Contact; its fields
 *   (name, street_1, street_2, city, region, post_code) and the contact's `address_physical` link are as
 *   the v1 reference names them in public clients, not read in the documentation itself: assumed.
 * - [communications] https://developers.ezyvet.com/guides/communications.html: POST v1/communication, the
 *   type in `contact_detail_type_id` (1–9; 8 "Unknown/Other"), `format` (SMS, PlainText, Html), a status
 *   (Pending, Sending, Done), linked to a contact, animal, consult or appointment; one linked to an animal is
 *   linked to the animal's contact too. `animal_id`, `contact_id`, `subject` and `message` are assumed.
 * - [product pricing] https://developers.ezyvet.com/openapi/inventory-management.json lists the scope
 *   read-productpricing ("Read product pricing resources") beside read-product; the v1 product record
 *   (public clients: id, active, created_at, modified_at, code, name, product_group_id, type, is_sold…)
 *   carries no price. The pricing record's fields are not in what we could read: `product_id`, `price`
 *   (net of tax, decimal text as ezyVet writes amounts, e.g. a purchase order's "freight": "0") and
 *   `tax_rate` (percent, text) are assumed, as is one pricing record a product (no price levels, no
 *   species variants, no date a price takes effect): the price map says which product prices which band
 *   (decision 0147).
 * - [closures, opening hours] silent: neither the endpoints nor the guides we could read document a site's
 *   opening hours or a practice-wide closure. The stand-in has none; planning guides alone say when a
 *   resource can be booked (conservative: no guide, no times).
 */

export type { Stamped } from './ezyvet-bill-records.ts';

export interface SiteInformation {
  id: number;
  uid: string;
  name: string;
  /** IANA zone name: every time the API answers is epoch seconds, read on this zone's wall clock. */
  timezone: string;
  address_line1: string;
  town: string;
  postcode: string;
  phone: string;
}

export interface Resource extends Stamped {
  uid: string;
  name: string;
  /** Assumed: what kind of clinician the resource is (ezyVet resources are people, rooms and equipment). */
  type: 'Vet' | 'Nurse';
}

export interface AppointmentType extends Stamped {
  uid: string;
  name: string;
  /** Minutes (the field name as public clients read v2/appointmenttype; assumed). */
  default_duration: number;
}

export interface AppointmentStatus extends Stamped {
  name: string;
}

export interface PlanningGuide extends Stamped {
  resource_id: number;
  start_at: number;
  end_at: number;
  /**
   * The appointment type the guide offers (assumed name): a guide of a "Block Out - Unavailable" type
   * blocks the resource's time (https://developers.ezyvet.com/guides/availability.html, "Handling double
   * parked planning guides"). Null: the seed's plain availability windows.
   */
  appointment_type_id: number | null;
}

export interface Contact extends Stamped {
  uid: string;
  code: string;
  first_name: string;
  last_name: string;
  /** The contact's physical address: an address record's id (assumed name, see [addresses]). */
  address_physical?: number | null;
}

/** See [addresses]: every field assumed but the endpoint's name. */
export interface Address extends Stamped {
  name: string;
  street_1: string;
  street_2: string;
  city: string;
  region: string;
  post_code: string;
}

export interface ContactDetail extends Stamped {
  contact_id: number;
  contact_detail_type_id: number;
  value: string;
}

export interface ContactDetailType extends Stamped {
  name: string;
}

export interface Species extends Stamped {
  name: string;
}
export interface Breed extends Stamped {
  name: string;
  species_id: number;
}
export interface Sex extends Stamped {
  name: string;
}

export interface Animal extends Stamped {
  uid: string;
  code: string;
  name: string;
  contact_id: number;
  species_id: number;
  breed_id: number | null;
  sex_id: number | null;
  is_desexed: boolean;
  /** Assumed `YYYY-MM-DD`. */
  date_of_birth: string | null;
  microchip_number: string | null;
  is_dead: boolean;
}

export interface Vaccination extends Stamped {
  animal_id: number;
  name: string;
  date_given: string;
  date_due: string | null;
}

export interface Appointment extends Stamped {
  uid: string;
  start_at: number;
  /**
   * Seconds: the unit is not in what we could read of the reference; public clients reading live ezyVet
   * data take seconds (assumed, decision 0130). The stand-in answers no end_at: the connection must read
   * the duration (it reads an end time where one is given).
   */
  duration: number;
  type_id: number;
  status_id: number;
  animal_id: number;
  contact_id: number;
  resources: { id: number }[];
  description: string;
}

/** See [communications]: a record the practice's staff see on the animal and its contact (decision 0121). */
export interface Communication extends Stamped {
  /** Null on one linked to the contact alone (an estimate's answer, decision 0155). */
  animal_id: number | null;
  contact_id: number;
  contact_detail_type_id: number;
  format: 'SMS' | 'PlainText' | 'Html';
  status: 'Pending' | 'Sending' | 'Done';
  subject: string;
  message: string;
}

/** See [product pricing]: a product's price, net of tax, and its tax rate (all three fields assumed). */
export interface ProductPricing extends Stamped {
  product_id: number;
  price: string;
  tax_rate: string;
}

/** Each list endpoint's records, by the name its envelope wraps each item in (`{"contact": {...}}`). */
export interface EzyvetTables {
  resource: Resource[];
  appointmenttype: AppointmentType[];
  appointmentstatus: AppointmentStatus[];
  planningguide: PlanningGuide[];
  contact: Contact[];
  address: Address[];
  contactdetail: ContactDetail[];
  contactdetailtype: ContactDetailType[];
  species: Species[];
  breed: Breed[];
  sex: Sex[];
  animal: Animal[];
  vaccination: Vaccination[];
  appointment: Appointment[];
  communication: Communication[];
  productpricing: ProductPricing[];
  /** Bills (ezyvet-bill-records.ts, decision 0155). */
  estimate: Estimate[];
  invoice: Invoice[];
  invoiceline: InvoiceLine[];
}
export type TableName = keyof EzyvetTables;
export type RecordOf<T extends TableName> = EzyvetTables[T][number];

/** The appointment statuses a new site has (assumed names; a site configures its own). */
export const seededStatuses = ['Confirmed', 'Unconfirmed', 'Complete', 'No Show', 'Cancelled'] as const;

export class EzyvetDatabase {
  site: SiteInformation = {
    id: 1,
    uid: 'site_1',
    name: 'Stand-in site',
    timezone: 'Europe/London',
    address_line1: '1 High Street',
    town: 'London',
    postcode: 'SW1A 1AA',
    phone: '020 7946 0000',
  };
  readonly tables: EzyvetTables = {
    resource: [],
    appointmenttype: [],
    appointmentstatus: [],
    planningguide: [],
    contact: [],
    address: [],
    contactdetail: [],
    contactdetailtype: [],
    species: [],
    breed: [],
    sex: [],
    animal: [],
    vaccination: [],
    appointment: [],
    communication: [],
    productpricing: [],
    estimate: [],
    invoice: [],
    invoiceline: [],
  };
  private lastId = 1000;

  constructor(private readonly nowSeconds: () => number) {
    for (const name of seededStatuses) this.insert('appointmentstatus', { name });
    for (const name of ['Male', 'Female', 'Unknown']) this.insert('sex', { name });
    // Contact detail types (assumed names; a site lists its own, the connection reads them by name).
    for (const name of ['Email', 'Mobile', 'Phone']) this.insert('contactdetailtype', { name });
  }

  /** Stores a new record: a fresh id (ids grow, as the API's do), active, stamped now. */
  insert<T extends TableName>(table: T, fields: Omit<RecordOf<T>, keyof Stamped>): RecordOf<T> {
    const now = this.nowSeconds();
    const record = { ...fields, id: ++this.lastId, active: true, created_at: now, modified_at: now };
    (this.tables[table] as RecordOf<T>[]).push(record as RecordOf<T>);
    return record as RecordOf<T>;
  }

  /** Changes a record and stamps it modified now (as ezyVet does on every change). */
  update<T extends TableName>(table: T, id: number, change: Partial<RecordOf<T>>): RecordOf<T> {
    const record = this.find(table, id);
    if (!record) throw new Error(`No ${table} ${id}`);
    Object.assign(record, change, { modified_at: this.nowSeconds() });
    return record;
  }

  find<T extends TableName>(table: T, id: number): RecordOf<T> | undefined {
    return (this.tables[table] as RecordOf<T>[]).find((record) => record.id === id);
  }

  findByUid<T extends 'resource' | 'appointmenttype' | 'contact' | 'animal' | 'appointment'>(
    table: T,
    uid: string,
  ): RecordOf<T> | undefined {
    return (this.tables[table] as RecordOf<T>[]).find((record) => record.uid === uid);
  }

  detailTypeId(name: 'Email' | 'Mobile' | 'Phone'): number {
    const type = this.tables.contactdetailtype.find((record) => record.name === name);
    if (!type) throw new Error(`No contact detail type ${name}`);
    return type.id;
  }

  statusId(name: (typeof seededStatuses)[number]): number {
    const status = this.tables.appointmentstatus.find((record) => record.name === name);
    if (!status) throw new Error(`No status ${name}`);
    return status.id;
  }

  /** The active, not cancelled appointments of a resource that overlap [start, end) (epoch seconds). */
  overlapping(resourceId: number, start: number, end: number, exceptId?: number): Appointment[] {
    const cancelled = this.statusId('Cancelled');
    return this.tables.appointment.filter(
      (appointment) =>
        appointment.active &&
        appointment.id !== exceptId &&
        appointment.status_id !== cancelled &&
        appointment.resources.some((resource) => resource.id === resourceId) &&
        appointment.start_at < end &&
        appointment.start_at + appointment.duration > start,
    );
  }

  nextUid(prefix: string): string {
    return `${prefix}_${(++this.lastId).toString(36)}`;
  }
}
