import { randomBytes } from 'node:crypto';

/**
 * GoCardless's error answer (https://developer.gocardless.com/api-reference#api-usage-errors): the body is
 * `{ error: { message, documentation_url, type, request_id, code, errors: [{ reason, message, field? }] } }`,
 * `type` one of `gocardless` (5xx), `invalid_api_usage`, `invalid_state`, `validation_failed`.
 */
export class StandInError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'gocardless' | 'invalid_api_usage' | 'invalid_state' | 'validation_failed',
    readonly reason: string,
    message: string,
    readonly extra: { field?: string; links?: Record<string, string> } = {},
  ) {
    super(message);
  }

  body(requestId: string) {
    return {
      error: {
        message: this.message,
        documentation_url: `https://developer.gocardless.com/api-reference#${this.reason}`,
        type: this.type,
        request_id: requestId,
        code: this.status,
        errors: [{ reason: this.reason, message: this.message, ...this.extra }],
      },
    };
  }
}

/** A 422 naming the field at fault (`validation_failed`). */
export const invalidField = (field: string, message: string) =>
  new StandInError(422, 'validation_failed', 'validation_failed', message, { field });

/** A 404 for an id the stand-in does not hold (`invalid_api_usage`, `resource_not_found`). */
export const notFound = (id: string) =>
  new StandInError(404, 'invalid_api_usage', 'resource_not_found', `Resource not found: ${id}`);

const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** An id with GoCardless's prefix (`BRQ`, `BRF`, `CU`, `BA`, `MD`, `SB`, `PM`, `EV`, `WB`) and an upper-case tail. */
export function newId(prefix: string, length = 10): string {
  return prefix + [...randomBytes(length)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

/** `created_at` and the like: ISO 8601 with milliseconds, as the API answers. */
export const timestamp = (ms: number) => new Date(ms).toISOString();

/** A `YYYY-MM-DD` date, `days` after `ms`. */
export const dateAfter = (ms: number, days: number) =>
  new Date(ms + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Metadata as the reference describes it for these resources: up to three keys of at most 50 characters,
 * string values of at most 500 (https://developer.gocardless.com/api-reference#core-endpoints-mandates).
 */
export function metadataOf(value: unknown, field: string): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidField(field, 'must be an object');
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > 3) throw invalidField(field, 'must have at most 3 keys');
  for (const [key, entry] of entries) {
    if (typeof entry !== 'string' || key.length > 50 || entry.length > 500) {
      throw invalidField(`${field}.${key}`, 'keys up to 50 characters, string values up to 500');
    }
  }
  return Object.fromEntries(entries) as Record<string, string>;
}

/** An absolute http(s) URL, or absent. */
export function urlOf(value: unknown, field: string): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || !URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
    throw invalidField(field, 'must be a valid URL');
  }
  return value;
}

/** The enveloped resource of a create (`{ "billing_requests": { … } }`). */
export function envelope(body: unknown, key: string): Record<string, unknown> {
  const inner = body && typeof body === 'object' ? (body as Record<string, unknown>)[key] : undefined;
  if (!inner || typeof inner !== 'object' || Array.isArray(inner)) {
    throw new StandInError(
      400,
      'invalid_api_usage',
      'invalid_document_structure',
      `Expected a "${key}" object`,
    );
  }
  return inner as Record<string, unknown>;
}
