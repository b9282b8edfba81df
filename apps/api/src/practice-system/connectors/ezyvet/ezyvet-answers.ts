import { z } from 'zod';
import { VendorAnswerUnknown } from '../vendor-port.ts';

/**
 * What the connection reads of ezyVet's answers (the fields it uses; others are ignored). Shapes and their
 * sources: testing/ezyvet-records.ts. A list answers `{"meta": {...}, "items": [{"<resource>": {...}}]}`
 * (https://developers.ezyvet.com/docs/v1/); ids are numbers, times epoch seconds; `active` may come as a
 * boolean or as "1"/"0" (the documentation types it boolean; public clients report text), so both are read.
 */

const flag = z
  .union([z.boolean(), z.literal(['1', '0', 1, 0])])
  .transform((value) => value === true || value === '1' || value === 1);
const id = z.coerce.number().int();
const epoch = z.coerce.number();
const text = z
  .string()
  .nullish()
  .transform((value) => value ?? null);

const stamped = { id, active: flag, modified_at: epoch };

export const metaSchema = z.looseObject({
  items_total: z.coerce.number().int(),
  items_page_total: z.coerce.number().int(),
  timestamp: epoch.optional(),
});

export const resourceSchema = z.looseObject({ ...stamped, uid: z.string(), name: z.string(), type: text });
export const appointmentTypeSchema = z.looseObject({
  ...stamped,
  uid: z.string(),
  name: z.string(),
  default_duration: z.coerce.number(),
});
export const namedSchema = z.looseObject({ ...stamped, name: z.string() });
export const planningGuideSchema = z.looseObject({
  ...stamped,
  resource_id: id,
  start_at: epoch,
  end_at: epoch,
  /** The guide's appointment type: a "Block Out - Unavailable" type makes it a closure (decision 0116). */
  appointment_type_id: id.nullish().transform((value) => value ?? null),
});
export const contactSchema = z.looseObject({
  ...stamped,
  uid: z.string(),
  code: text,
  first_name: z.string(),
  last_name: z.string(),
  /** An address record's id; none, null or 0 when the contact has no physical address. */
  address_physical: id.nullish().transform((value) => (value ? value : null)),
});
export const addressSchema = z.looseObject({
  ...stamped,
  name: text,
  street_1: text,
  street_2: text,
  city: text,
  region: text,
  post_code: text,
});
export const contactDetailSchema = z.looseObject({
  ...stamped,
  contact_id: id,
  contact_detail_type_id: id,
  value: z.string(),
});
/**
 * A product's price (`/v1/productpricing`, scope read-productpricing, "Read product pricing resources":
 * https://developers.ezyvet.com/openapi/inventory-management.json). The scope is documented; the fields
 * are not in the pages read: `product_id`, `price` (net of tax) and `tax_rate` (percent) are guesses,
 * listed in testing/ezyvet-records.ts. The amounts stay unknown here so one bad row is refused by the
 * price map, not the whole page (decision 0147).
 */
export const productPricingSchema = z.looseObject({
  ...stamped,
  product_id: id,
  price: z.unknown(),
  tax_rate: z.unknown(),
});
export const communicationSchema = z.looseObject({ ...stamped, animal_id: id, subject: text });
export const breedSchema = z.looseObject({ ...stamped, name: z.string(), species_id: id });
export const animalSchema = z.looseObject({
  ...stamped,
  uid: z.string(),
  code: text,
  name: z.string(),
  contact_id: id,
  species_id: id,
  breed_id: id.nullish(),
  sex_id: id.nullish(),
  is_desexed: flag.optional(),
  date_of_birth: text,
  microchip_number: text,
  is_dead: flag.optional(),
});
export const vaccinationSchema = z.looseObject({
  ...stamped,
  animal_id: id,
  name: z.string(),
  date_given: z.string(),
  date_due: text,
});
export const appointmentSchema = z.looseObject({
  ...stamped,
  uid: z.string(),
  start_at: epoch,
  /** Seconds (decision 0130): the unit is not in what we could read of the reference. */
  duration: z.coerce.number().optional(),
  /** Where the record carries its end (epoch seconds), it is read rather than the duration. */
  end_at: epoch.optional(),
  end_time: epoch.optional(),
  type_id: id,
  status_id: id,
  animal_id: id,
  contact_id: id,
  resources: z.array(z.looseObject({ id })),
  description: text,
});
/** A site's fields, whichever envelope carries them. The address and phone are assumed (the reference was not read in full). */
const siteFields = {
  name: z.string(),
  address_line1: text,
  town: text,
  postcode: text,
  phone: text,
};

/**
 * GET /v3/siteInformation as JSON:API: the site in `data`, its time zone a relationship whose name is in
 * `included` (as public clients read the reference).
 */
const siteAsJsonApi = z
  .object({
    data: z.object({
      id: z.union([z.string(), z.number()]).transform(String),
      attributes: z.looseObject(siteFields),
      relationships: z.object({
        timezone: z.object({ data: z.object({ id: z.string(), type: z.literal('timezone') }) }),
      }),
    }),
    included: z.array(
      z.looseObject({ id: z.string(), type: z.string(), attributes: z.looseObject({ name: z.string() }) }),
    ),
  })
  .transform(({ data, included }, context) => {
    const zone = included.find(
      (entry) => entry.type === 'timezone' && entry.id === data.relationships.timezone.data.id,
    );
    if (!zone) {
      context.addIssue({ code: 'custom', message: 'The site information names no time zone.' });
      return z.NEVER;
    }
    return { id: data.id, ...data.attributes, timezone: zone.attributes.name };
  });

/** The site in the items envelope, as `timezone` (a zone's name, or an object naming it) or `time_zone`. */
const siteRecord = z
  .looseObject({
    id: z.union([z.string(), z.number()]).transform(String),
    ...siteFields,
    timezone: z.union([z.string(), z.looseObject({ name: z.string() })]).optional(),
    time_zone: z.string().optional(),
  })
  .transform((site, context) => {
    const zone = typeof site.timezone === 'object' ? site.timezone.name : (site.timezone ?? site.time_zone);
    if (!zone) {
      context.addIssue({ code: 'custom', message: 'The site information names no time zone.' });
      return z.NEVER;
    }
    const { time_zone: _text, ...rest } = site;
    return { ...rest, timezone: zone };
  });

/**
 * GET /v3/siteInformation in the envelope every other endpoint answers, `{"meta": …, "items": [{…}]}`
 * (https://developers.ezyvet.com/docs/v1/), its one item wrapped under the resource's name (any case:
 * `siteinformation`, `siteInformation`) or not wrapped.
 */
const siteAsItems = z
  .object({ items: z.array(z.record(z.string(), z.unknown())).min(1) })
  .transform(({ items }) => {
    const item = items[0]!;
    const key = Object.keys(item).find((name) => name.toLowerCase() === 'siteinformation');
    return key === undefined ? item : item[key];
  })
  .pipe(siteRecord);

/**
 * What GET /v3/siteInformation answers: the site's id and time zone, which
 * https://developers.ezyvet.com/guides/booking.html says to store. Both shapes are read: the documents we
 * could read show neither for this endpoint, public clients read JSON:API, and an ezyVet stand-in written
 * from ezyVet's documents apart from the project answered the items envelope of every other endpoint.
 */
export const siteInformationSchema = z.union([siteAsJsonApi, siteAsItems]);

/** POST /ezycab/booking's answer: a booking request id and the appointment's uid (booking.html). */
export const bookingAnswerSchema = z.looseObject({
  id: z.string().optional(),
  appointment: z.string().min(1),
});

export type Stamped = { id: number; active: boolean; modified_at: number };

/** Reads a list answer's meta and its records (each wrapped under `key`); a shape we do not know is an error (reported, not retried as an outage). */
export function listOf<S extends z.ZodType>(
  body: unknown,
  key: string,
  schema: S,
): { meta: z.infer<typeof metaSchema>; rows: z.infer<S>[] } {
  const envelope = z
    .object({ meta: metaSchema, items: z.array(z.record(z.string(), z.unknown())) })
    .safeParse(body);
  if (!envelope.success)
    throw new VendorAnswerUnknown(`ezyVet answered a ${key} list in a shape we do not know`);
  const rows = envelope.data.items.map((item) => {
    const row = schema.safeParse(item[key]);
    if (!row.success)
      throw new VendorAnswerUnknown(`ezyVet answered a ${key} record in a shape we do not know`);
    return row.data;
  });
  return { meta: envelope.data.meta, rows };
}
