import type { ProvetCollection, StoredRecord } from './provet-store.ts';

/**
 * Query filtering as https://developers.provetcloud.com/restapi/filtering.html documents it:
 * `[field]__[method]=value`, methods is/eq, is_not/neq, lt, lte, gt, gte, in ([a,b]), icontains, is_null;
 * datetimes as `YYYY-MM-DD hh:mm+hh:mm` ("+" sent as %2B). Each endpoint filters on its own fields, listed
 * on its browsable page; the documentation read lists client's (howto_clients_patients.html) and uses
 * consultation's client/patients/department. The stand-in's lists below are its choice where silent, and
 * it refuses any other field rather than ignore it (conservative: a filter that is silently dropped would
 * return every record).
 */
const filterable: Record<ProvetCollection, readonly string[]> = {
  department: [],
  user: ['is_active'],
  shift: ['user', 'department', 'start', 'end'],
  reason: ['archived'],
  client: ['firstname', 'lastname', 'email', 'archived', 'modified'],
  phonenumber: ['client'],
  patient: ['client', 'archived', 'modified'],
  appointment: ['user', 'department', 'start', 'end', 'active', 'modified', 'client'],
  // Not listed in the pages read: the delta filter as on clients and patients, and the record's patient.
  consultationitem: ['patient', 'modified'],
  // Not listed either: the delta filter, as above (the prices' read, decision 0147).
  item: ['modified'],
  // Documented (howto_billing.html): status, invoice_date, modified, date_paid, client, department,
  // credit_note, countersale.
  invoice: [
    'status',
    'invoice_date',
    'modified',
    'date_paid',
    'client',
    'department',
    'credit_note',
    'countersale',
  ],
  // Assumed: a row's invoice.
  invoicerow: ['invoice'],
};
const dateFields = new Set(['modified', 'start', 'end']);
const methods = new Set([
  'is',
  'eq',
  'is_not',
  'neq',
  'not_eq',
  'lt',
  'lte',
  'gt',
  'gte',
  'in',
  'icontains',
  'is_null',
]);
/** The documented datetime format, also accepted with a `T` and seconds (the client guide's example). */
const filterDateTime = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?([+-]\d{2}:\d{2}|Z)?$/;

export interface Filter {
  field: string;
  method: string;
  value: string;
}

/** The filters of a query, or the error the API answers for a bad one. */
export function parseFilters(
  collection: ProvetCollection,
  query: URLSearchParams,
): { filters: Filter[] } | { error: string } {
  const filters: Filter[] = [];
  for (const [key, value] of query) {
    if (key === 'page' || key === 'page_size' || key === 'filter_type') continue;
    const [field = '', method = 'is'] = key.split('__');
    if (!filterable[collection].includes(field)) return { error: `Unknown filter field: ${field}` };
    if (!methods.has(method)) return { error: `Unknown filter method: ${method}` };
    if (dateFields.has(field) && method !== 'is_null') {
      const values = method === 'in' ? listOf(value) : [value];
      if (!values.every((v) => filterDateTime.test(v))) {
        return { error: `Enter ${field} as YYYY-MM-DD hh:mm+hh:mm.` };
      }
    }
    filters.push({ field, method, value });
  }
  return { filters };
}

const listOf = (value: string) => value.replace(/^\[|\]$/g, '').split(',');

function comparable(field: string, raw: unknown): number | string | boolean | null {
  if (typeof raw === 'number' || typeof raw === 'boolean') return raw;
  if (typeof raw !== 'string') return null;
  if (dateFields.has(field)) return Date.parse(raw.replace(' ', 'T'));
  const related = /\/api\/0\.1\/[a-z_]+\/(\d+)\/$/.exec(raw);
  return related ? Number(related[1]) : raw;
}

function parsedValue(field: string, text: string, sample: unknown): number | string | boolean {
  if (dateFields.has(field)) return Date.parse(text.replace(' ', 'T'));
  if (typeof sample === 'boolean' || text === 'true' || text === 'false')
    return text === 'true' || text === '1';
  if (/^\d+$/.test(text)) return Number(text);
  return text;
}

function matchOne(record: StoredRecord, filter: Filter): boolean {
  const raw = record[filter.field];
  const values = Array.isArray(raw) ? raw : [raw];
  if (filter.method === 'is_null') return (raw === null || raw === undefined) === (filter.value === 'true');
  return values.some((entry) => {
    const have = comparable(filter.field, entry);
    if (have === null) return false;
    if (filter.method === 'in')
      return listOf(filter.value).some((v) => parsedValue(filter.field, v, entry) === have);
    if (filter.method === 'icontains') return String(have).toLowerCase().includes(filter.value.toLowerCase());
    const want = parsedValue(filter.field, filter.value, entry);
    switch (filter.method) {
      case 'lt':
        return have < want;
      case 'lte':
        return have <= want;
      case 'gt':
        return have > want;
      case 'gte':
        return have >= want;
      case 'is_not':
      case 'neq':
      case 'not_eq':
        return have !== want;
      default:
        return have === want;
    }
  });
}

export function applyFilters(records: StoredRecord[], filters: Filter[]): StoredRecord[] {
  return records.filter((record) => filters.every((filter) => matchOne(record, filter)));
}
