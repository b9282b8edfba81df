import { z } from 'zod';
import type { TableName } from './ezyvet-records.ts';

/**
 * The request shapes the ezyVet API documents, as the stand-in checks them: a request that does not fit
 * is answered with ezyVet's error envelope and recorded as a contract violation, which the contract tests
 * require to be none.
 */

/**
 * POST /v1/oauth/access_token. https://developers.ezyvet.com/openapi/authentication.json (tokenUrl
 * https://api.ezyvet.com/v1/oauth/access_token) and https://developers.ezyvet.com/pacs.html ("Fetch a JWT
 * bearer token": partner_id, client_id, client_secret, grant_type "client_credentials", scope, site_uid).
 */
export const tokenRequestSchema = z.strictObject({
  partner_id: z.string().min(1),
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  grant_type: z.literal('client_credentials'),
  scope: z.string(),
  site_uid: z.string().optional(),
});

/**
 * POST /ezycab/booking. https://developers.ezyvet.com/guides/booking.html ("At minimum … start time and
 * duration, appointment type uid, animal and contact identifiers, resource uid as provider"); the field
 * names are those of the reference's "Create booking" as public clients send them (startTime, type,
 * durationMinutes, appointmentStatus, animal, contact, provider, description). startTime's format is not
 * in what we could read: the stand-in takes ISO 8601 with an offset (conservative: never a wall time
 * without its zone).
 */
export const bookingRequestSchema = z.strictObject({
  startTime: z.iso.datetime({ offset: true }),
  type: z.string().min(1),
  durationMinutes: z.number().int().min(5).max(1440),
  appointmentStatus: z.enum(['confirmed', 'unconfirmed']).optional(),
  animal: z.string().min(1),
  contact: z.string().min(1),
  provider: z.string().min(1),
  additionalResources: z.array(z.string()).optional(),
  description: z.string().max(2000).optional(),
});

/**
 * PATCH /v2/appointment/{id} (appointment-management.json, "Appointment V2"), sent as a merge patch: only
 * the fields that change (`duration` in seconds, as it is read: assumed, decision 0130). Moving (start_at,
 * duration, resources, type_id) and cancelling (status_id) are
 * the changes the portal makes; the documentation we read is silent on which fields PATCH takes, so the
 * stand-in takes these and refuses any other (conservative).
 */
export const appointmentPatchSchema = z
  .strictObject({
    start_at: z.number().int().positive(),
    duration: z
      .number()
      .int()
      .min(5 * 60)
      .max(24 * 60 * 60),
    type_id: z.number().int().positive(),
    status_id: z.number().int().positive(),
    resources: z.array(z.strictObject({ id: z.number().int().positive() })).min(1),
  })
  .partial()
  .refine((change) => Object.keys(change).length > 0, 'Send at least one field to change.');

/** POST /v1/contact (https://developers.ezyvet.com/docs/v1/, Contact). `code` assumed (see ezyvet-records.ts). */
export const contactCreateSchema = z.strictObject({
  code: z.string().min(1).max(50),
  first_name: z.string().min(1).max(100),
  last_name: z.string().min(1).max(100),
  is_customer: z.literal(true).optional(),
});

/** POST /v1/contactdetail (https://developers.ezyvet.com/docs/v1/, Contact Detail). */
export const contactDetailCreateSchema = z.strictObject({
  contact_id: z.number().int().positive(),
  contact_detail_type_id: z.number().int().positive(),
  value: z.string().min(1).max(255),
});

/** POST /v1/animal (https://developers.ezyvet.com/docs/v1/, Animal). `code` assumed. */
export const animalCreateSchema = z.strictObject({
  code: z.string().min(1).max(50),
  name: z.string().min(1).max(100),
  contact_id: z.number().int().positive(),
  species_id: z.number().int().positive(),
  breed_id: z.number().int().positive().optional(),
  sex_id: z.number().int().positive().optional(),
  is_desexed: z.boolean().optional(),
  date_of_birth: z.iso.date().optional(),
  microchip_number: z.string().max(50).optional(),
});

const someField = (change: object) => Object.keys(change).length > 0;

/**
 * PATCH /v1/contact/{id} (https://developers.ezyvet.com/docs/v1/, Contact): the names a client changes
 * online and the link to its physical address (`address_physical`, assumed: ezyvet-records.ts). Which
 * fields PATCH takes is not in what we read: the stand-in takes these and refuses others (conservative).
 */
export const contactPatchSchema = z
  .strictObject({
    first_name: z.string().min(1).max(100),
    last_name: z.string().min(1).max(100),
    address_physical: z.number().int().positive(),
  })
  .partial()
  .refine(someField, 'Send at least one field to change.');

/**
 * POST /v1/address and PATCH /v1/address/{id} (https://developers.ezyvet.com/docs/v1/, Address; field
 * names assumed, ezyvet-records.ts). Whether null clears a field is not documented: an empty string does.
 */
const addressFields = {
  name: z.string().min(1).max(100),
  street_1: z.string().max(255),
  street_2: z.string().max(255),
  city: z.string().max(100),
  region: z.string().max(100),
  post_code: z.string().max(20),
};
export const addressCreateSchema = z.strictObject(addressFields).partial().required({ name: true });
export const addressPatchSchema = z
  .strictObject(addressFields)
  .omit({ name: true })
  .partial()
  .refine(someField, 'Send at least one field to change.');

/**
 * PATCH /v1/contactdetail/{id} (https://developers.ezyvet.com/docs/v1/, Contact Detail): a new value, or
 * `active: false` for a detail the client cleared (ezyVet deactivates rather than deletes; DELETE is not
 * in what we read, so the stand-in refuses it).
 */
export const contactDetailPatchSchema = z
  .strictObject({ value: z.string().min(1).max(255), active: z.literal(false) })
  .partial()
  .refine(someField, 'Send at least one field to change.');

/**
 * PATCH /v1/animal/{id} (https://developers.ezyvet.com/docs/v1/, Animal): the details a client changes
 * online (name, is_desexed, microchip_number), a death (`is_dead`, the field the v1 reference reads) and a
 * rehoming (`active: false`: ezyVet documents no rehomed status nor an owner the portal could name). The
 * stand-in refuses a pet brought back to life or to activity (conservative: the desk's decision).
 */
export const animalPatchSchema = z
  .strictObject({
    name: z.string().min(1).max(100),
    is_desexed: z.boolean(),
    microchip_number: z.string().max(50),
    is_dead: z.literal(true),
    active: z.literal(false),
  })
  .partial()
  .refine(someField, 'Send at least one field to change.');

/**
 * POST /v1/communication (https://developers.ezyvet.com/guides/communications.html: the type "should be
 * referenced in the contact_detail_type_id field", IDs 1–9; formats SMS (at most 250 characters), PlainText
 * and Html; statuses Pending, Sending, Done). The link to the animal (`animal_id`), `subject` and `message`
 * are assumed names; the stand-in takes an animal link (a prescription request, decision 0121) or a
 * contact link (`contact_id`, assumed: an estimate's answer, decision 0155), one of them.
 */
export const communicationCreateSchema = z
  .strictObject({
    contact_detail_type_id: z.number().int().min(1).max(9),
    format: z.enum(['SMS', 'PlainText', 'Html']),
    status: z.enum(['Pending', 'Sending', 'Done']),
    animal_id: z.number().int().positive().optional(),
    contact_id: z.number().int().positive().optional(),
    subject: z.string().min(1).max(255),
    message: z.string().min(1).max(10_000),
  })
  .refine((sent) => (sent.animal_id === undefined) !== (sent.contact_id === undefined), 'Link one record.')
  .refine((sent) => sent.format !== 'SMS' || sent.message.length <= 250, 'An SMS holds 250 characters.');

/**
 * The comparators of https://developers.ezyvet.com/guides/api-filtering.html: `field={"comparator":value}`
 * as URL-encoded JSON, several comparators for a range, `in` with an array; a bare value is equality.
 */
export const comparators = ['eq', 'neq', 'gt', 'lt', 'gte', 'lte', 'like', 'in'] as const;
type Scalar = string | number | boolean;
const scalar = z.union([z.string(), z.number(), z.boolean()]);
const filterObjectSchema = z
  .strictObject({
    eq: scalar,
    neq: scalar,
    gt: z.number(),
    lt: z.number(),
    gte: z.number(),
    lte: z.number(),
    like: z.string(),
    in: z.array(scalar).min(1),
  })
  .partial()
  .refine((filter) => Object.keys(filter).length > 0, 'Give at least one comparator.');
export type FieldFilter = z.infer<typeof filterObjectSchema>;

/** Parses one filter parameter; null when it does not fit the documented syntax. */
export function parseFilter(raw: string): FieldFilter | null {
  if (!raw.startsWith('{')) return { eq: raw };
  try {
    const parsed = filterObjectSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const same = (value: unknown, wanted: Scalar) =>
  typeof value === 'boolean'
    ? value === (wanted === true || wanted === 'true' || wanted === '1')
    : String(value) === String(wanted);

/** Whether a record's field passes a filter (`like` as SQL's, `%` any run of characters). */
export function matches(value: unknown, filter: FieldFilter): boolean {
  const number = typeof value === 'number' ? value : Number.NaN;
  if (filter.eq !== undefined && !same(value, filter.eq)) return false;
  if (filter.neq !== undefined && same(value, filter.neq)) return false;
  if (filter.gt !== undefined && !(number > filter.gt)) return false;
  if (filter.lt !== undefined && !(number < filter.lt)) return false;
  if (filter.gte !== undefined && !(number >= filter.gte)) return false;
  if (filter.lte !== undefined && !(number <= filter.lte)) return false;
  if (filter.in !== undefined && !filter.in.some((wanted) => same(value, wanted))) return false;
  if (filter.like !== undefined) {
    const pattern = filter.like.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll('%', '.*');
    if (!new RegExp(`^${pattern}$`, 's').test(String(value))) return false;
  }
  return true;
}

/**
 * The fields each list endpoint filters on. The documentation lists each endpoint's query parameters;
 * for the ones we could not read in full, the stand-in takes the fields below and refuses others
 * ("Field names must match exactly as documented", api-filtering.html): a connection that filters on a
 * field we have not seen documented fails here first.
 */
const common = ['id', 'active', 'created_at', 'modified_at'];
export const filterableFields: Record<TableName, readonly string[]> = {
  resource: [...common, 'uid'],
  appointmenttype: [...common, 'uid'],
  appointmentstatus: common,
  planningguide: [...common, 'resource_id', 'start_at'],
  contact: [...common, 'code'],
  address: [...common, 'name'],
  contactdetail: [...common, 'contact_id'],
  contactdetailtype: common,
  species: [...common, 'name'],
  breed: [...common, 'name', 'species_id'],
  sex: common,
  animal: [...common, 'code', 'contact_id'],
  vaccination: [...common, 'animal_id'],
  appointment: [...common, 'uid', 'animal_id', 'contact_id', 'start_at'],
  communication: [...common, 'animal_id', 'contact_id', 'contact_detail_type_id'],
  productpricing: common,
  estimate: [...common, 'contact_id'],
  invoice: [...common, 'contact_id'],
  invoiceline: [...common, 'invoice_id'],
};

/**
 * page and limit: https://developers.ezyvet.com/docs/v1/ (pagination: `page` from 1, `limit` records a
 * page, 10 by default and at most 200, as public clients use it; the meta block answers items_total,
 * items_page, items_page_total, items_page_size and timestamp).
 */
export const pageSchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(10),
});
