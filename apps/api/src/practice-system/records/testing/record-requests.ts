import { integrationPathPrefix } from '@vet/contracts/machine-access';
import type { PracticeRecordKind } from '@vet/contracts/integration-records';
import type { RecordFile } from '@vet/practice-import/testing/json-records';
import type { App } from '../../../app.ts';

/** Each kind of the API and the import file its records are rows of (dependency order). */
export const kindFiles: readonly [PracticeRecordKind, RecordFile][] = [
  ['practices', 'practices.csv'],
  ['clinicians', 'clinicians.csv'],
  ['closures', 'closures.csv'],
  ['appointment-reasons', 'appointment_reasons.csv'],
  ['prices', 'prices.csv'],
  ['clients', 'clients.csv'],
  ['pets', 'pets.csv'],
  ['vaccinations', 'vaccinations.csv'],
  ['medications', 'medications.csv'],
];

/**
 * The kinds of issue 63 (decision 0151), after the others: their records name clients, pets and
 * clinicians. Apart from kindFiles, whose tests send a test group's own records kind by kind.
 */
export const billKindFiles: readonly [PracticeRecordKind, 'estimates.csv' | 'invoices.csv'][] = [
  ['estimates', 'estimates.csv'],
  ['invoices', 'invoices.csv'],
];

/** The kinds of issue 65 (decision 0161), after the others: a plan names a practice, a membership a pet. */
export const planKindFiles: readonly [PracticeRecordKind, 'health_plans.csv' | 'plan_memberships.csv'][] = [
  ['health-plans', 'health_plans.csv'],
  ['plan-memberships', 'plan_memberships.csv'],
];

type Headers = Record<string, string>;

/** The integration API's record routes, called with a bearer header (a machine's, unless a test says). */
export function recordRequests(app: () => App, authorization: () => Promise<string | undefined>) {
  const headers = async () => {
    const value = await authorization();
    return value === undefined ? {} : { authorization: value };
  };
  const url = (kind: PracticeRecordKind, ...path: string[]) =>
    [`${integrationPathPrefix}/${kind}`, ...path.map(encodeURIComponent)].join('/');
  /** Any JSON as the body (an array, a string…), sent as JSON, with the headers given (If-Match…). */
  const send = async (method: 'GET' | 'PUT' | 'POST', path: string, body?: unknown, extra: Headers = {}) =>
    app().inject({
      method,
      url: path,
      headers: {
        ...(await headers()),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...extra,
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  return {
    get: (kind: PracticeRecordKind, ref: string) => send('GET', url(kind, ref)),
    put: (kind: PracticeRecordKind, ref: string, body: unknown, extra?: Headers) =>
      send('PUT', url(kind, ref), body, extra),
    batch: (kind: PracticeRecordKind, items: unknown, extra?: Headers) =>
      send('POST', `${url(kind)}/batch`, { items }, extra),
    deactivate: (kind: PracticeRecordKind, ref: string, body?: unknown, extra?: Headers) =>
      send('POST', `${url(kind, ref)}/deactivate`, body, extra),
  };
}
