import type { ApiError } from './errors.ts';

/**
 * The integration API's error codes (decision 0102): every 4xx it answers carries one in the error body's
 * `code`, so a practice system acts on the code and shows or logs the words. A code names a problem, not a
 * status: two 409s that want different handling have different codes. Codes are never renamed or removed
 * within a version of the API; a new one may be added, so a caller treats an unknown code by its status.
 */
export const integrationErrorCodes = {
  invalid_request: {
    status: 400,
    meaning: 'A path, query or body field is not valid; `issues` names each one. Fix the request.',
  },
  invalid_token: {
    status: 401,
    meaning: 'No token, or one that is expired, malformed or not ours. Get a new token, then send again.',
  },
  person_token: {
    status: 403,
    meaning: 'The token is a person’s, not a practice system’s (client credentials).',
  },
  client_not_accepted: {
    status: 403,
    meaning: 'The token’s client is not one the portal accepts on the integration API.',
  },
  insufficient_scope: {
    status: 403,
    meaning: 'The token lacks the integration scope (named in the `WWW-Authenticate` header).',
  },
  practice_not_served: {
    status: 403,
    meaning:
      'The record, booking or endpoint filter names a practice this client is not granted (decision 0105); nothing was stored.',
  },
  kind_not_allowed: {
    status: 403,
    meaning: 'This client is not granted this kind of write or read (its records, bookings or events).',
  },
  not_found: {
    status: 404,
    meaning: 'No record, or no route, answers to what the path names.',
  },
  retry_later: {
    status: 409,
    meaning:
      'Another change to the same records was being written at the same moment; nothing was stored. Send the same request again.',
  },
  reference_taken: {
    status: 409,
    meaning: 'Another record of this kind already has this reference: a reference names one record.',
  },
  reference_differs: {
    status: 409,
    meaning: 'The record born online already has another reference; a record keeps the first it is given.',
  },
  stale_version: {
    status: 409,
    meaning:
      'The version sent (`If-Match` or `version`) is not the record’s current one, or the record does not exist: someone changed it since it was read. Read it again, then decide.',
  },
  idempotency_key_in_use: {
    status: 409,
    meaning:
      'A request with this Idempotency-Key is still being answered. Send the same request again shortly.',
  },
  appointment_not_booked: {
    status: 409,
    meaning:
      'The appointment is not booked (cancelled, or with an outcome), so it cannot move or be cancelled.',
  },
  appointment_cancelled: {
    status: 409,
    meaning: 'A cancelled appointment has no outcome: store it as Booked again first.',
  },
  pet_busy: {
    status: 409,
    meaning: 'The online appointment’s pet has another appointment at that time.',
  },
  client_already_linked: {
    status: 409,
    meaning: 'The client already has an online account: there is nobody to invite.',
  },
  too_many_endpoints: {
    status: 409,
    meaning: 'This client has as many webhook endpoints as it may (decision 0112): remove one first.',
  },
  endpoint_has_waiting_deliveries: {
    status: 409,
    meaning:
      'The webhook endpoint has deliveries waiting or parked; remove it once they are delivered, or with `discard_waiting=true` to drop them.',
  },
  value_already_mapped: {
    status: 409,
    meaning:
      'The list value is mapped to another entry already (decision 0131): a mapping is changed in the practice system’s records, not here.',
  },
  conversation_closed: {
    status: 409,
    meaning:
      'The practice closed this conversation (decision 0168): it takes no more answers. The owner’s next message opens a new one.',
  },
  payload_too_large: {
    status: 413,
    meaning: 'The body is larger than the route takes (a batch’s items or bytes); split it.',
  },
  unsupported_media_type: {
    status: 415,
    meaning: 'The body is not `application/json`.',
  },
  record_refused: {
    status: 422,
    meaning:
      'The record or list entry breaks a rule of the import format or the lists; `issues` names each field and why.',
  },
  references_refused: {
    status: 422,
    meaning: 'A reference names no record, or records that do not go together; `issues` names each one.',
  },
  idempotency_key_reused: {
    status: 422,
    meaning:
      'This Idempotency-Key was already used by this client for another request (method, path, If-Match or body). Use a new key.',
  },
  client_has_no_email: {
    status: 422,
    meaning: 'The client has no e-mail address to send an invitation to.',
  },
  rate_limited: {
    status: 429,
    meaning: 'Too many requests, or too many refused ones, from this address. Wait for `Retry-After`.',
  },
} as const satisfies Record<string, { status: number; meaning: string }>;

export type IntegrationErrorCode = keyof typeof integrationErrorCodes;

/** A problem's own code when it has one, else the code of its status (e.g. a 400 from validation). */
const codeOfStatus: Partial<Record<number, IntegrationErrorCode>> = {
  400: 'invalid_request',
  401: 'invalid_token',
  404: 'not_found',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'record_refused',
  429: 'rate_limited',
};

/** The body with a code: its own, or its status's. A 5xx is left as it is (it carries no details). */
export function withIntegrationCode(body: ApiError): ApiError {
  if (body.code !== undefined || body.statusCode >= 500) return body;
  const code = codeOfStatus[body.statusCode];
  return code === undefined ? body : { ...body, code };
}
