import { z } from 'zod';
import { unknownEventTypeNames } from './integration-events.ts';
import { practiceEventTypes } from './practice-events.ts';
import { practiceSystemRefSchema } from './practice-system-ref.ts';

/**
 * The webhook endpoints a practice system manages itself (decision 0112): registered, listed, changed,
 * given a new secret with an overlap, and removed through /integration/v1/webhook-endpoints.
 */

/** How many endpoints one machine client may hold: each one receives a copy of every matching event. */
export const webhookEndpointsPerClient = 10;
/** A rotated secret keeps signing beside the new one this long unless the caller says otherwise. */
export const defaultOverlapHours = 24;
/** The longest overlap: a week covers a receiver's slowest deployment, and no old secret lives longer. */
export const maxOverlapHours = 168;

const overlapReason = `overlap_hours is a whole number from 0 to ${maxOverlapHours}.`;

export const webhookEndpointParamsSchema = z.object({
  endpoint_id: z.coerce
    .number({ error: 'An endpoint id is a whole number.' })
    .int('An endpoint id is a whole number.')
    .min(1, 'An endpoint id is a whole number from 1.')
    .max(2_147_483_647, 'No endpoint has so large an id.'),
});

/**
 * `["appointment.booked", …]`: only events of these types; null (or left out on registration): every type.
 * An unknown type is refused by name, so a typo never reads as "no such events". No transform (repeats
 * are dropped by the service): a schema with one would lose its example in the published contract.
 */
const eventTypesFilterSchema = z
  .array(z.string().max(81), { error: 'event_types is a list of event types, or null for every type.' })
  .min(1, 'Name at least one event type, or give null for every type.')
  .max(practiceEventTypes.length * 2)
  .superRefine((types, context) => {
    const unknown = unknownEventTypeNames(types);
    if (unknown.length > 0)
      context.addIssue({
        code: 'custom',
        message: `Unknown event type ${unknown.join(', ')}: the types are those of docs/practice-events.md.`,
      });
  })
  .nullable();

/**
 * Practice-system references of practices whose events it gets; null (or left out on registration): every
 * practice the caller serves. Each must be one the caller is granted (decision 0105).
 */
const practicesFilterSchema = z
  .array(practiceSystemRefSchema, { error: 'practices is a list of practice references, or null.' })
  .min(1, 'Name at least one practice, or give null for every practice you serve.')
  .max(200)
  .nullable();

/** The URL is checked by the service too (https in production, no credentials or fragment). */
const urlSchema = z.string().min(1).max(2000);

const endpointExample = {
  url: 'https://pms.example.co.uk/portal-webhooks',
  event_types: ['appointment.booked', 'appointment.cancelled'],
  practices: ['PRAC-0001'],
};

/** An endpoint's settings as registration gives them; a change gives any of the same. */
const endpointSettingsSchema = z.strictObject({
  url: urlSchema,
  event_types: eventTypesFilterSchema.optional(),
  practices: practicesFilterSchema.optional(),
});

export const registerWebhookEndpointSchema = endpointSettingsSchema.meta({ examples: [endpointExample] });
export type RegisterWebhookEndpoint = z.infer<typeof registerWebhookEndpointSchema>;

/**
 * Only what is named changes; null for a filter means every type or every practice served. `enabled: true`
 * enables an endpoint the portal disabled after only failures (decision 0139).
 */
export const updateWebhookEndpointSchema = endpointSettingsSchema
  .extend({ enabled: z.literal(true, { error: 'Only true: enabled: true enables a disabled endpoint.' }) })
  .partial()
  .refine(
    (body) => Object.keys(body).length > 0,
    'Name at least one of url, event_types, practices and enabled.',
  )
  .meta({ examples: [{ event_types: null, practices: ['PRAC-0001', 'PRAC-0002'] }] });
export type UpdateWebhookEndpoint = z.infer<typeof updateWebhookEndpointSchema>;

export const rotateWebhookSecretSchema = z
  .strictObject({
    /** How long the old secret keeps signing beside the new one; 0 stops it at once (a leaked secret). */
    overlap_hours: z
      .number({ error: overlapReason })
      .int(overlapReason)
      .min(0, overlapReason)
      .max(maxOverlapHours, overlapReason)
      .default(defaultOverlapHours),
  })
  .meta({ examples: [{ overlap_hours: 24 }] });

/** DELETE's choice about what waits (decision 0112): refused while deliveries wait, unless discarded. */
export const removeWebhookEndpointQuerySchema = z.strictObject({
  discard_waiting: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

/** A registered endpoint as the answers show it. */
const registeredExample = {
  id: 7,
  ...endpointExample,
  waiting: 0,
  parked: 0,
  previous_secret_expires_at: null,
  disabled_at: null,
  created_at: '2026-11-27T10:15:00.000Z',
};

/** An endpoint as its owner sees it: never its secret, except once in a registration's or rotation's answer. */
export const webhookEndpointSchema = z
  .object({
    id: z.number().int(),
    url: z.string(),
    /** null: every type. */
    event_types: z.array(z.string()).nullable(),
    /** null: every practice the caller serves. */
    practices: z.array(z.string()).nullable(),
    /** Deliveries not sent yet: due, waiting for a retry, or waiting behind their record's earlier one. */
    waiting: z.number().int(),
    /** Deliveries given up after the retry window (the operator re-drives them). */
    parked: z.number().int(),
    /** While a rotated secret still signs beside the new one: when it stops; otherwise null. */
    previous_secret_expires_at: z.iso.datetime({ offset: true }).nullable(),
    /**
     * When the portal stopped sending to it, after only failures for some days (decision 0139); null
     * while it receives. PATCH `enabled: true` once the receiver is back; the feed has what it missed.
     */
    disabled_at: z.iso.datetime({ offset: true }).nullable(),
    created_at: z.iso.datetime({ offset: true }),
  })
  .meta({
    examples: [registeredExample],
  });
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

const secretExample = 'whsec_Ar+UKJdwkK8JoRKZwxMQLHTeJFJ4dOzgdjz32B9oyeI=';

/** The answer of a registration or a rotation: the endpoint, and its new signing secret, shown this once. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema
  .extend({
    /** The Standard Webhooks secret (`whsec_` + base64): store it now, it is never shown again. */
    secret: z.string(),
  })
  .meta({
    examples: [{ ...registeredExample, secret: secretExample }],
  });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const webhookEndpointListSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;
