import type { z } from 'zod';
import type { EzyvetDatabase, TableName } from './ezyvet-records.ts';
import {
  animalCreateSchema,
  appointmentPatchSchema,
  bookingRequestSchema,
  communicationCreateSchema,
  contactCreateSchema,
  contactDetailCreateSchema,
  filterableFields,
  matches,
  pageSchema,
  parseFilter,
  type FieldFilter,
} from './ezyvet-requests.ts';

/** What a route answers: a status and a JSON body; `violation` when the request broke the documented shape. */
export interface RouteAnswer {
  status: number;
  body: unknown;
  violation?: string;
}

/**
 * ezyVet's error envelope, as https://developers.ezyvet.com/ shows it for a 401 ("messages": level, type,
 * text, fields). The documentation we read shows no other error body, so every error here uses it.
 */
export function errorAnswer(status: number, type: string, text: string, violation?: string): RouteAnswer {
  return { status, body: { messages: [{ level: 'error', type, text, fields: [] }] }, violation };
}

/** The list endpoints and their versions (https://developers.ezyvet.com/guides/booking.html names v2 ones). */
export const listTables: Record<string, TableName> = {
  '/v2/resource': 'resource',
  '/v2/appointmenttype': 'appointmenttype',
  '/v2/appointment': 'appointment',
  '/v2/planningguide': 'planningguide',
  '/v1/appointmentstatus': 'appointmentstatus',
  '/v1/contact': 'contact',
  '/v1/address': 'address',
  '/v1/contactdetail': 'contactdetail',
  '/v1/contactdetailtype': 'contactdetailtype',
  '/v1/species': 'species',
  '/v1/breed': 'breed',
  '/v1/sex': 'sex',
  '/v1/animal': 'animal',
  '/v1/vaccination': 'vaccination',
  '/v1/communication': 'communication',
  '/v1/productpricing': 'productpricing',
  '/v1/estimate': 'estimate',
  '/v1/invoice': 'invoice',
  '/v1/invoiceline': 'invoiceline',
};

function meta(db: EzyvetDatabase, total: number, page: number, limit: number, now: number) {
  return {
    items_total: total,
    items_page: page,
    items_page_total: Math.max(1, Math.ceil(total / limit)),
    items_page_size: limit,
    timestamp: now,
  };
}

/** GET of a list: documented filters and paging; without `active`, active records only (conservative). */
export function listRecords(
  db: EzyvetDatabase,
  table: TableName,
  query: URLSearchParams,
  now: number,
): RouteAnswer {
  const paging = pageSchema.safeParse({
    page: query.get('page') ?? undefined,
    limit: query.get('limit') ?? undefined,
  });
  if (!paging.success)
    return errorAnswer(400, 'InvalidParameterException', 'page or limit is invalid.', 'paging');
  const filters: [string, FieldFilter][] = [];
  for (const [field, raw] of query) {
    if (field === 'page' || field === 'limit') continue;
    if (!filterableFields[table].includes(field)) {
      return errorAnswer(
        400,
        'InvalidParameterException',
        `Unknown parameter ${field}.`,
        `unknown filter ${field}`,
      );
    }
    const filter = parseFilter(raw);
    if (!filter)
      return errorAnswer(
        400,
        'InvalidParameterException',
        `Invalid filter on ${field}.`,
        `bad filter ${field}`,
      );
    filters.push([field, filter]);
  }
  if (!query.has('active')) filters.push(['active', { eq: true }]);
  const rows = (db.tables[table] as unknown as Record<string, unknown>[])
    .filter((row) => filters.every(([field, filter]) => matches(row[field], filter)))
    .sort((a, b) => Number(a.id) - Number(b.id));
  const { page, limit } = paging.data;
  const items = rows
    .slice((page - 1) * limit, page * limit)
    .map((row) => ({ [table]: structuredClone(row) }));
  return { status: 200, body: { meta: meta(db, rows.length, page, limit, now), items } };
}

export function single(
  db: EzyvetDatabase,
  table: TableName | 'siteinformation',
  record: object,
  now: number,
): RouteAnswer {
  return {
    status: 200,
    body: { meta: meta(db, 1, 1, 1, now), items: [{ [table]: structuredClone(record) }] },
  };
}

export function parsed<S extends z.ZodType>(
  schema: S,
  body: unknown,
  what: string,
): z.infer<S> | RouteAnswer {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const fields = result.error.issues.map((issue) => issue.path.join('.') || '(body)').join(', ');
  return errorAnswer(400, 'InvalidRequestException', `Invalid ${what}: ${fields}.`, `${what}: ${fields}`);
}
export const isAnswer = (value: unknown): value is RouteAnswer =>
  typeof value === 'object' && value !== null && 'status' in value && 'body' in value;

/** A taken time: the documentation we read is silent on this answer; the stand-in says 409 with the envelope. */
const slotTaken = () => errorAnswer(409, 'ConflictException', 'The requested time is no longer available.');

/** POST /ezycab/booking: creates the appointment (https://developers.ezyvet.com/guides/booking.html). */
export function createBooking(db: EzyvetDatabase, body: unknown): RouteAnswer {
  const request = parsed(bookingRequestSchema, body, 'booking');
  if (isAnswer(request)) return request;
  const type = db.findByUid('appointmenttype', request.type);
  const provider = db.findByUid('resource', request.provider);
  const animal = db.findByUid('animal', request.animal);
  const contact = db.findByUid('contact', request.contact);
  if (!type?.active || !provider?.active || !animal?.active || !contact?.active) {
    return errorAnswer(400, 'InvalidRequestException', 'A referenced record does not exist.');
  }
  const start = Date.parse(request.startTime) / 1000;
  if (db.overlapping(provider.id, start, start + request.durationMinutes * 60).length > 0) return slotTaken();
  const appointment = db.insert('appointment', {
    uid: db.nextUid('appointment'),
    start_at: start,
    duration: request.durationMinutes * 60,
    type_id: type.id,
    status_id: db.statusId(request.appointmentStatus === 'unconfirmed' ? 'Unconfirmed' : 'Confirmed'),
    animal_id: animal.id,
    contact_id: contact.id,
    resources: [{ id: provider.id }],
    description: request.description ?? '',
  });
  // The answer's shape (a booking request id and the appointment's uid) is as public clients read it.
  return { status: 200, body: { id: db.nextUid('bookingRequest'), appointment: appointment.uid } };
}

/** PATCH /v2/appointment/{id}: a move or a status change, refused when the new time is taken. */
export function patchAppointment(db: EzyvetDatabase, id: number, body: unknown, now: number): RouteAnswer {
  const change = parsed(appointmentPatchSchema, body, 'appointment change');
  if (isAnswer(change)) return change;
  const appointment = db.find('appointment', id);
  if (!appointment?.active) return errorAnswer(404, 'NotFoundException', 'No such appointment.');
  const moved = { ...appointment, ...change };
  const moves =
    change.start_at !== undefined || change.duration !== undefined || change.resources !== undefined;
  if (moves && moved.status_id !== db.statusId('Cancelled')) {
    const end = moved.start_at + moved.duration;
    if (moved.resources.some((resource) => db.overlapping(resource.id, moved.start_at, end, id).length > 0)) {
      return slotTaken();
    }
  }
  return single(db, 'appointment', db.update('appointment', id, change), now);
}

/** POST /v1/contact, /v1/contactdetail, /v1/animal, /v1/communication. */
export function createRecord(
  db: EzyvetDatabase,
  path: string,
  body: unknown,
  now: number,
): RouteAnswer | null {
  if (path === '/v1/contact') {
    const request = parsed(contactCreateSchema, body, 'contact');
    if (isAnswer(request)) return request;
    const { is_customer: _customer, ...fields } = request;
    return single(db, 'contact', db.insert('contact', { ...fields, uid: db.nextUid('contact') }), now);
  }
  if (path === '/v1/contactdetail') {
    const request = parsed(contactDetailCreateSchema, body, 'contact detail');
    if (isAnswer(request)) return request;
    if (!db.find('contact', request.contact_id)?.active) {
      return errorAnswer(400, 'InvalidRequestException', 'The contact does not exist.');
    }
    return single(db, 'contactdetail', db.insert('contactdetail', request), now);
  }
  if (path === '/v1/animal') {
    const request = parsed(animalCreateSchema, body, 'animal');
    if (isAnswer(request)) return request;
    if (!db.find('contact', request.contact_id)?.active || !db.find('species', request.species_id)) {
      return errorAnswer(400, 'InvalidRequestException', 'The contact or species does not exist.');
    }
    const animal = db.insert('animal', {
      uid: db.nextUid('animal'),
      breed_id: null,
      sex_id: null,
      is_desexed: false,
      date_of_birth: null,
      microchip_number: null,
      is_dead: false,
      ...request,
    });
    return single(db, 'animal', animal, now);
  }
  if (path === '/v1/communication') {
    const request = parsed(communicationCreateSchema, body, 'communication');
    if (isAnswer(request)) return request;
    const { animal_id, contact_id, ...rest } = request;
    const animal = animal_id === undefined ? undefined : db.find('animal', animal_id);
    const contact = contact_id === undefined ? undefined : db.find('contact', contact_id);
    if (animal_id !== undefined && !animal?.active)
      return errorAnswer(400, 'InvalidRequestException', 'The animal does not exist.');
    if (contact_id !== undefined && !contact?.active)
      return errorAnswer(400, 'InvalidRequestException', 'The contact does not exist.');
    // Linked to an animal, a communication is linked to the animal's contact too (communications guide).
    const communication = db.insert('communication', {
      ...rest,
      animal_id: animal?.id ?? null,
      contact_id: animal?.contact_id ?? contact!.id,
    });
    return single(db, 'communication', communication, now);
  }
  return null;
}

/**
 * GET /v3/siteInformation: the site's id and time zone (https://developers.ezyvet.com/guides/booking.html).
 * Neither shape is in what we could read of the reference, so the stand-in answers either: `json-api` (the
 * zone a relationship named in `included`, the shape public clients read) or `items` (the envelope of
 * every other endpoint, https://developers.ezyvet.com/docs/v1/, the site under `siteinformation` with its
 * zone's name in `timezone`: assumed). Name, address and phone as fields are assumed.
 */
export function siteInformation(db: EzyvetDatabase, shape: 'json-api' | 'items', now: number): RouteAnswer {
  const { uid, timezone, id: _id, ...attributes } = db.site;
  if (shape === 'items') return single(db, 'siteinformation', { id: uid, ...attributes, timezone }, now);
  return {
    status: 200,
    body: {
      data: {
        id: uid,
        type: 'siteInformation',
        attributes,
        relationships: { timezone: { data: { id: '94', type: 'timezone' } } },
      },
      included: [{ id: '94', type: 'timezone', attributes: { name: timezone } }],
    },
  };
}
