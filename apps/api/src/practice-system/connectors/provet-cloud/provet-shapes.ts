import { z } from 'zod';

/**
 * Provet Cloud REST API shapes (https://developers.provetcloud.com/restapi/), as far as its published
 * documentation shows them. Requests are strict objects: the connection sends only documented fields, and
 * the stand-in refuses any other (the contract check). Where the documentation is silent, the comment says
 * so and the choice is the conservative one; field names the guides do not list follow the record as the
 * browsable API returns it (the same names appear in the public provet-client gem's recorded fixtures).
 */

/** A related record is named by its URL: `https://provetcloud.com/<provet_id>/api/0.1/client/1/` (howto_appointments). */
export const provetRecordUrl = z
  .string()
  .regex(/^https?:\/\/[^\s]+\/api\/0\.1\/[a-z_]+\/\d+\/$/, 'Give the record’s API URL.');

/**
 * Date and time as the API takes them: the how-to's examples are local (`2022-01-10T11:00:00`); an offset
 * is accepted too (responses carry one). The connection always sends an offset, so nothing depends on the
 * installation's time zone.
 */
export const provetDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/, 'Enter a valid date/time.');

/** Appointment type values (https://developers.provetcloud.com/restapi/howto_appointments.html). */
export const provetAppointmentTypes = {
  consultation: 1,
  onlineBooking: 2,
  other: 3,
  internalBooking: 4,
  unknownClient: 5,
  farmVisit: 6,
  preliminaryBooking: 7,
  boarding: 8,
  petService: 9,
} as const;

const appointmentType = z.coerce.number().int().min(1).max(9);

/** POST appointment/ (howto_appointments.html, "Step 1: Create an Appointment", and its notes). */
export const provetAppointmentCreateSchema = z.strictObject({
  start: provetDateTime,
  end: provetDateTime,
  department: provetRecordUrl,
  title: z.string().max(255).optional(),
  type: appointmentType,
  reason: provetRecordUrl,
  complaint: z.string().optional(),
  user: provetRecordUrl,
  client: provetRecordUrl.optional(),
  patients: z.array(provetRecordUrl).optional(),
  /** The appointment record's free text (it carries the portal's id: see provet-write.ts). */
  notes: z.string().optional(),
});
export type ProvetAppointmentCreate = z.infer<typeof provetAppointmentCreateSchema>;

/** PATCH appointment/{id}/: the same fields, any of them (the documentation shows no update example). */
export const provetAppointmentPatchSchema = provetAppointmentCreateSchema.partial();

/** Customer type values (https://developers.provetcloud.com/restapi/howto_clients_patients.html). */
export const provetCustomerTypes = { privatePerson: 0 } as const;

/** POST client/ (howto_clients_patients.html, "Creating a Client"; address fields as the record has them). */
export const provetClientCreateSchema = z.strictObject({
  firstname: z.string().max(100),
  lastname: z.string().min(1).max(100),
  email: z.email().optional(),
  /** ISO 3166-1 alpha-2 (howto_clients_patients.html). */
  country: z.string().length(2).optional(),
  customer_type: z.number().int().min(0).max(4),
  title: z.string().max(30).optional(),
  street_address: z.string().optional(),
  street_address_2: z.string().optional(),
  city: z.string().optional(),
  zip_code: z.string().optional(),
  home_department: provetRecordUrl.optional(),
  remarks: z.string().optional(),
});
export type ProvetClientCreate = z.infer<typeof provetClientCreateSchema>;

/** PATCH client/{id}/: "full create, read, update, and archive" (howto_clients_patients.html); any of the fields. */
export const provetClientPatchSchema = provetClientCreateSchema
  .omit({ customer_type: true, remarks: true })
  .partial();
export type ProvetClientPatch = z.infer<typeof provetClientPatchSchema>;

/** PATCH phonenumber/{id}/: a new number for the same record (no update example in the pages read). */
export const provetPhoneNumberPatchSchema = z.strictObject({
  phone_number: z.string().regex(/^\+\d{7,15}$/, 'Enter the number with its country code.'),
});

/**
 * POST phonenumber/: "Phone numbers are not part of the client record itself" (howto_clients_patients.html).
 * type_code's values are not in the pages read: 1 is taken as mobile (conservative: one number, one type).
 */
export const provetPhoneNumberCreateSchema = z.strictObject({
  client: provetRecordUrl,
  phone_number: z.string().regex(/^\+\d{7,15}$/, 'Enter the number with its country code.'),
  type_code: z.number().int().min(0),
  description: z.string().nullable().optional(),
});
export const provetMobileTypeCode = 1;

/**
 * POST patient/ (https://developers.provetcloud.com/restapi/usage_examples.html, "Create new patient":
 * species is a code, `gender` 2 answers "Female"). Breed, neutering and insurer are not in the example:
 * the connection does not send them (a practice completes them at the first visit).
 */
export const provetPatientCreateSchema = z.strictObject({
  name: z.string().min(1).max(100),
  client: provetRecordUrl,
  species: z.number().int(),
  gender: z.number().int().min(0).max(6).optional(),
  date_of_birth: z.iso.date().nullable().optional(),
  microchip: z.string().max(50).nullable().optional(),
  color: z.string().optional(),
  remarks: z.string().optional(),
});
export type ProvetPatientCreate = z.infer<typeof provetPatientCreateSchema>;
export const provetGenderCodes = { Male: 1, Female: 2 } as const;

/** POST oauth2/token/ (https://developers.provetcloud.com/restapi/authentication_oauth2.html). */
export const provetTokenRequestSchema = z.object({
  grant_type: z.literal('client_credentials'),
  scope: z.string().optional(),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
});

/** A list endpoint's page (https://developers.provetcloud.com/restapi/pagination.html). */
export interface ProvetPage<T> {
  count: number;
  num_pages: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

interface ProvetRecord {
  id: number;
  url: string;
}

export interface ProvetDepartment extends ProvetRecord {
  name: string;
  /** Not in the documentation read: the stand-in gives a department the client record's address fields. */
  street_address?: string | null;
  zip_code?: string | null;
  city?: string | null;
  phone_number?: string | null;
  email?: string | null;
}

export interface ProvetUser extends ProvetRecord {
  first_name: string;
  last_name: string;
  is_active: boolean;
  groups: string[];
}

export interface ProvetShift extends ProvetRecord {
  start: string;
  end: string;
  user: string | null;
  department: string;
  /** Whether the shift is open to online booking ("Set up staff shifts for online booking"). */
  web: boolean;
}

export interface ProvetReason extends ProvetRecord {
  name: string;
  duration: number;
  available_online: boolean;
  archived: boolean;
  species: string[];
}

export interface ProvetPhoneNumber extends ProvetRecord {
  client: string;
  type_code: number;
  phone_number: string;
}

export interface ProvetClient extends ProvetRecord {
  title: string | null;
  firstname: string;
  lastname: string;
  email: string;
  street_address: string;
  street_address_2: string | null;
  zip_code: string;
  city: string;
  remarks: string;
  archived: boolean;
  home_department: string | null;
  phone_numbers: ProvetPhoneNumber[];
  modified: string;
}

export interface ProvetPatient extends ProvetRecord {
  client: string;
  name: string;
  species: string;
  breed: string | null;
  gender: string;
  date_of_birth: string | null;
  deceased: string | null;
  color: string;
  microchip: string | null;
  remarks: string | null;
  archived: boolean;
  modified: string;
}

export interface ProvetAppointment extends ProvetRecord {
  start: string;
  end: string;
  title: string;
  complaint: string;
  user: string | null;
  client: string | null;
  patients: string[];
  consultation: string | null;
  notes: string;
  /** 1 on the calendar; 0 once cancelled (the stand-in's reading of the record's `active`: undocumented). */
  active: number;
  department: string;
  reason: string | null;
  type: number;
  modified: string;
}

/**
 * A clinical item given on a consultation, read-only across types at `consultationitem/` (the API's
 * endpoint list, https://developers.provetcloud.com/restapi/0.1/; items are added through a consultation's
 * medicines/procedures/supplies/foods, howto_consultations.html). Its fields as a public client's fixtures
 * show them (github.com/EmCousin/provet-client, spec/fixtures/consultation_items: secondary): the
 * patient, the catalogue item, its name, when it was `used`, and `modified` for a delta read.
 */
export interface ProvetConsultationItem extends ProvetRecord {
  consultation: string;
  patient: string | null;
  item: string;
  name: string;
  used: string | null;
  modified: string;
}

/**
 * A catalogue item (`item/{id}/`, "the master catalog for medicines, procedures, supplies, and food"): a
 * medicine says whether it is a vaccine by `vaccination`; every item has its price with VAT, whether it is
 * archived, and `modified` (the same client's spec/fixtures/items: secondary).
 */
export interface ProvetItem extends ProvetRecord {
  name: string;
  vaccination?: boolean;
  /** Its price including VAT (pounds, a number in the fixture; read as unknown: see provet-prices.ts). */
  price_with_vat?: unknown;
  archived?: boolean;
  modified: string;
}

/** The id at the end of a record's URL. */
export function provetIdOf(url: string | null | undefined): string | null {
  const match = url ? /\/(\d+)\/$/.exec(url) : null;
  return match ? match[1]! : null;
}
