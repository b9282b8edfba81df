import type { z } from 'zod';
import {
  provetAppointmentCreateSchema,
  provetAppointmentPatchSchema,
  provetClientCreateSchema,
  provetClientPatchSchema,
  provetPatientCreateSchema,
  provetPhoneNumberCreateSchema,
  provetPhoneNumberPatchSchema,
} from '../provet-shapes.ts';
import { applyFilters, parseFilters } from './provet-filters.ts';
import {
  type ProvetCollection,
  type ProvetStore,
  standInSpecies,
  type StoredRecord,
} from './provet-store.ts';

export interface Answer {
  status: number;
  body?: unknown;
  /** A request that broke the documented request shape (the contract check counts these). */
  violation?: string;
}

/**
 * Errors as Django REST framework, on which the browsable API is built, answers them: a field's messages
 * under its name (`{"patients": ["This field is required."]}`), else `detail`. The documentation read shows
 * no error bodies; this is the framework's shape.
 */
const fieldErrors = (error: z.ZodError): Record<string, string[]> => {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : 'non_field_errors';
    const unknown = issue.code === 'unrecognized_keys' ? issue.keys : null;
    if (unknown) for (const name of unknown) errors[name] = ['Unknown field.'];
    else (errors[key] ??= []).push(issue.message);
  }
  return errors;
};

const bad = (error: z.ZodError, what: string): Answer => ({
  status: 400,
  body: fieldErrors(error),
  violation: `${what}: ${JSON.stringify(fieldErrors(error))}`,
});

const idOf = (url: unknown) => Number(/(\d+)\/$/.exec(String(url))?.[1] ?? NaN);

/** An active appointment of the same user over the time (the connection's "slot taken"). */
export function overlapping(store: ProvetStore, user: string, start: string, end: string, except?: number) {
  const [from, to] = [Date.parse(start), Date.parse(end)];
  return store
    .list('appointment')
    .find(
      (a) =>
        a.id !== except &&
        a.active === 1 &&
        idOf(a.user) === idOf(user) &&
        Date.parse(String(a.start)) < to &&
        Date.parse(String(a.end)) > from,
    );
}

/**
 * The documentation does not say whether the API refuses an appointment over another of the same user (the
 * desk may double-book). The stand-in refuses it, as the portal's "slot taken" fault needs: conservative,
 * since the connection then never relies on the system to catch a clash it checks for itself.
 */
const slotTaken: Answer = {
  status: 400,
  body: { non_field_errors: ['The user already has an appointment at this time.'] },
};

function refersTo(store: ProvetStore, field: string, url: string | undefined, collection: ProvetCollection) {
  if (url === undefined || store.get(collection, idOf(url))) return null;
  return { status: 400, body: { [field]: ['Invalid hyperlink - Object does not exist.'] } } satisfies Answer;
}

export function listAnswer(
  store: ProvetStore,
  collection: ProvetCollection,
  requestUrl: URL,
  defaultPageSize: number,
): Answer {
  const parsed = parseFilters(collection, requestUrl.searchParams);
  if ('error' in parsed) return { status: 400, body: { detail: parsed.error }, violation: parsed.error };
  const pageSize = Number(requestUrl.searchParams.get('page_size') ?? defaultPageSize);
  const page = Number(requestUrl.searchParams.get('page') ?? 1);
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000 || !Number.isInteger(page) || page < 1) {
    return { status: 400, body: { detail: 'Invalid page or page_size.' }, violation: 'bad paging' };
  }
  const all = applyFilters(store.list(collection), parsed.filters);
  const numPages = Math.max(1, Math.ceil(all.length / pageSize));
  if (page > numPages) return { status: 404, body: { detail: 'Invalid page.' } };
  const at = (n: number) => {
    const url = new URL(requestUrl);
    url.searchParams.set('page', String(n));
    return `${store.apiBase.replace(/\/\d+\/api\/0\.1$/, '')}${url.pathname}${url.search}`;
  };
  return {
    status: 200,
    body: {
      count: all.length,
      num_pages: numPages,
      next: page < numPages ? at(page + 1) : null,
      previous: page > 1 ? at(page - 1) : null,
      results: all.slice((page - 1) * pageSize, page * pageSize).map((r) => store.present(collection, r)),
    },
  };
}

export function createAnswer(store: ProvetStore, collection: ProvetCollection, body: unknown): Answer {
  switch (collection) {
    case 'appointment': {
      const parsed = provetAppointmentCreateSchema.safeParse(body);
      if (!parsed.success) return bad(parsed.error, 'POST appointment');
      const a = parsed.data;
      const missing =
        refersTo(store, 'user', a.user, 'user') ??
        refersTo(store, 'reason', a.reason, 'reason') ??
        refersTo(store, 'client', a.client, 'client') ??
        refersTo(store, 'department', a.department, 'department');
      if (missing) return missing;
      if (overlapping(store, a.user, a.start, a.end)) return slotTaken;
      const start = new Date(a.start).toISOString();
      const end = new Date(a.end).toISOString();
      const record = store.insert('appointment', {
        title: '',
        complaint: '',
        client: null,
        patients: [],
        consultation: null,
        notes: '',
        ...a,
        start,
        end,
        type: Number(a.type),
        active: 1,
      });
      return { status: 201, body: record };
    }
    case 'client': {
      const parsed = provetClientCreateSchema.safeParse(body);
      if (!parsed.success) return bad(parsed.error, 'POST client');
      const record = store.insert('client', {
        title: null,
        email: '',
        street_address: '',
        street_address_2: null,
        zip_code: '',
        city: '',
        remarks: '',
        home_department: null,
        ...parsed.data,
        archived: false,
      });
      return { status: 201, body: store.present('client', record) };
    }
    case 'phonenumber': {
      const parsed = provetPhoneNumberCreateSchema.safeParse(body);
      if (!parsed.success) return bad(parsed.error, 'POST phonenumber');
      const missing = refersTo(store, 'client', parsed.data.client, 'client');
      if (missing) return missing;
      const record = store.insert('phonenumber', { description: null, ...parsed.data });
      store.update('client', idOf(parsed.data.client), {});
      return { status: 201, body: record };
    }
    case 'patient': {
      const parsed = provetPatientCreateSchema.safeParse(body);
      if (!parsed.success) return bad(parsed.error, 'POST patient');
      const p = parsed.data;
      const missing = refersTo(store, 'client', p.client, 'client');
      if (missing) return missing;
      const species = standInSpecies[p.species];
      if (!species) return { status: 400, body: { species: ['Select a valid choice.'] } };
      const gender = p.gender === 1 ? 'Male' : p.gender === 2 ? 'Female' : 'Unknown';
      const record = store.insert('patient', {
        breed: null,
        date_of_birth: null,
        deceased: null,
        color: '',
        microchip: null,
        remarks: null,
        ...p,
        species,
        gender,
        archived: false,
      });
      return { status: 201, body: record };
    }
    // Consultation items are read-only (the endpoint list: "Read-only access to all clinical items across
    // types"); items are added through a consultation, which the connector never writes.
    case 'department':
    case 'reason':
    case 'shift':
    case 'user':
    case 'consultationitem':
    case 'item':
    case 'invoice':
    case 'invoicerow':
      return { status: 405, body: { detail: 'Method "POST" not allowed.' }, violation: `POST ${collection}` };
  }
}

export function patchAnswer(
  store: ProvetStore,
  collection: ProvetCollection,
  id: number,
  body: unknown,
): Answer {
  const record = store.get(collection, id);
  if (!record) return { status: 404, body: { detail: 'Not found.' } };
  if (collection === 'client' || collection === 'phonenumber') {
    const schema = collection === 'client' ? provetClientPatchSchema : provetPhoneNumberPatchSchema;
    const parsed = schema.safeParse(body);
    if (!parsed.success) return bad(parsed.error, `PATCH ${collection}`);
    const changed = store.update(collection, id, parsed.data);
    if (collection === 'phonenumber') store.update('client', idOf(changed.client), {});
    return { status: 200, body: store.present(collection, changed) };
  }
  if (collection !== 'appointment') {
    return { status: 405, body: { detail: 'Method "PATCH" not allowed.' }, violation: `PATCH ${collection}` };
  }
  const parsed = provetAppointmentPatchSchema.safeParse(body);
  if (!parsed.success) return bad(parsed.error, 'PATCH appointment');
  const next = { ...record, ...parsed.data } as StoredRecord & { user: string; start: string; end: string };
  if (overlapping(store, next.user, next.start, next.end, id)) return slotTaken;
  const times = {
    ...(parsed.data.start ? { start: new Date(parsed.data.start).toISOString() } : {}),
    ...(parsed.data.end ? { end: new Date(parsed.data.end).toISOString() } : {}),
  };
  return { status: 200, body: store.update('appointment', id, { ...parsed.data, ...times }) };
}

/**
 * DELETE appointment/{id}/ cancels it: "The appointment is deleted from the calendar, but it is still shown
 * on the client's page with the status 'Cancelled'" (https://support.provet.cloud/hc/en-gb/articles/
 * 12219960051356-Cancelling-an-Appointment). The API's own cancel is not in the documentation read.
 */
export function deleteAnswer(store: ProvetStore, collection: ProvetCollection, id: number): Answer {
  const record = store.get(collection, id);
  if (!record) return { status: 404, body: { detail: 'Not found.' } };
  // A number cleared: removed, as REST removes a record (the pages read show no delete example).
  if (collection === 'phonenumber') {
    store.remove('phonenumber', id);
    store.update('client', idOf(record.client), {});
    return { status: 204 };
  }
  if (collection !== 'appointment') {
    return {
      status: 405,
      body: { detail: 'Method "DELETE" not allowed.' },
      violation: `DELETE ${collection}`,
    };
  }
  store.update('appointment', id, { active: 0 });
  return { status: 204 };
}
