import type { ReadKind } from '../vendor-port.ts';

/**
 * Provet Cloud's webhooks, as a hint to read sooner (decision 0115). "The POST request has data
 * identifying what type of data was updated, and the ID of the object. Example: consultation_id=123"
 * (https://developers.provetcloud.com/restapi/webhooks.html); the triggers are listed in
 * webhook_triggers.html. The notification names a record, never its content: the connection reads the
 * kind by its cursor as on any pass, so a notification's body is never applied as data.
 *
 * The triggers the connector reads sooner for (the operator sets these up in Settings > General >
 * Integrations > Webhooks): Client (1), Patient (2), Consultation (3: a consultation completes its
 * appointment) and Appointment (21). Their parameter names follow the page's example (`<record>_id`);
 * the Appointment trigger's is not written out there: `appointment_id` is assumed.
 */
export const provetWebhookKinds = {
  client_id: ['clients'],
  patient_id: ['pets'],
  consultation_id: ['appointments'],
  appointment_id: ['closures', 'appointments'],
} as const satisfies Record<string, readonly ReadKind[]>;

export type ProvetWebhookParameter = keyof typeof provetWebhookKinds;

export type ProvetWebhookReading =
  | { outcome: 'hint'; parameter: ProvetWebhookParameter; kinds: readonly ReadKind[] }
  /** Not a notification at all (no `<record>_id`, or an id that is not one): the sender's fault. */
  | { outcome: 'malformed'; message: string }
  /** A notification of a trigger the connector does not read (an invoice, say): set up by mistake. */
  | { outcome: 'not-read'; parameter: string };

const isParameter = (key: string): key is ProvetWebhookParameter => Object.hasOwn(provetWebhookKinds, key);
const recordId = /^[1-9]\d{0,18}$/;

/**
 * What a notification's body (form fields or a JSON object, parsed) asks for. The documentation shows
 * one parameter a notification; the first known one is taken, and every id given must be one. Nothing
 * else of the body is kept (not even the id: the read finds the record by its modification time).
 */
export function readProvetWebhook(body: unknown): ProvetWebhookReading {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { outcome: 'malformed', message: 'Send the notification’s fields, e.g. appointment_id=123.' };
  const ids = Object.entries(body as Record<string, unknown>).filter(([key]) => key.endsWith('_id'));
  if (ids.length === 0)
    return { outcome: 'malformed', message: 'The notification names no record (<record>_id).' };
  for (const [key, value] of ids) {
    const text = typeof value === 'number' ? String(value) : value;
    if (typeof text !== 'string' || !recordId.test(text))
      return { outcome: 'malformed', message: `${key} is not a record id.` };
  }
  const known = ids.map(([key]) => key).find(isParameter);
  if (!known) return { outcome: 'not-read', parameter: ids[0]![0] };
  return { outcome: 'hint', parameter: known, kinds: provetWebhookKinds[known] };
}
