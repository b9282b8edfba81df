import { z } from 'zod';
import { practiceEventOneOf } from './practice-event-envelopes.ts';
import {
  practiceEventEnvelopeSchema,
  practiceEventTypes,
  type PracticeEventType,
} from './practice-events.ts';

/**
 * The event feed of the integration API (decision 0067): a practice system that cannot receive webhooks
 * reads the same events, in order, after a cursor it keeps.
 */

export const eventFeedDefaultLimit = 100;
export const eventFeedMaxLimit = 1000;

/**
 * The cursor is opaque to the practice system: it passes back the `next_after` it was given. Today it is
 * an event's position in decimal; the pattern keeps it within JavaScript's exact integers (15 digits).
 */
const cursorReason =
  'Give the next_after of an earlier answer, or leave after out to start from the first event.';
const limitReason = `The limit is a whole number from 1 to ${eventFeedMaxLimit}.`;

export const eventFeedCursorSchema = z
  .string()
  .regex(/^(0|[1-9][0-9]{0,14})$/, cursorReason)
  .transform(Number);

/**
 * An unknown type as the refusal names it: quoted when it has an event type's shape (a typo), else by its
 * place in the list, so an answer never echoes arbitrary input back.
 */
const eventTypeShape = /^[a-z][a-z_]{0,39}\.[a-z][a-z_]{0,39}$/;
const named = (type: string, place: number) =>
  eventTypeShape.test(type) ? type : `number ${place} of the list (not an event type’s form)`;

/** The types of a list that are no event type, as a refusal names them (the feed's and endpoints' filters). */
export function unknownEventTypeNames(types: readonly string[]): string[] {
  return types.flatMap((type, index) =>
    (practiceEventTypes as readonly string[]).includes(type) ? [] : [named(type, index + 1)],
  );
}

/**
 * `types=appointment.booked,appointment.cancelled`: only events of these types (decision 0105). An unknown
 * type is refused by name, so a typo never reads as "no such events".
 */
export const eventFeedTypesSchema = z
  .string()
  .max(2000)
  .transform((text, context) => {
    const types = [...new Set(text.split(',').map((type) => type.trim()))].filter(Boolean);
    const unknown = unknownEventTypeNames(types);
    if (unknown.length > 0 || types.length === 0)
      context.addIssue({
        code: 'custom',
        message:
          unknown.length > 0
            ? `Unknown event type ${unknown.join(', ')}: the types are those of docs/practice-events.md.`
            : 'Name at least one event type, or leave types out for every type.',
      });
    return types as PracticeEventType[];
  });

/** GET /integration/v1/events?after=&limit=&types= */
export const eventFeedQuerySchema = z.object({
  after: eventFeedCursorSchema.optional(),
  types: eventFeedTypesSchema.optional(),
  limit: z.coerce
    .number({ error: limitReason })
    .int(limitReason)
    .min(1, limitReason)
    .max(eventFeedMaxLimit, limitReason)
    .default(eventFeedDefaultLimit),
});
export type EventFeedQuery = z.infer<typeof eventFeedQuerySchema>;

/** The cursor as the answer gives it. */
export const eventFeedCursor = (position: number): string => String(position);

export const eventFeedSchema = z.object({
  /** In the order they were committed; at most `limit`. */
  events: z.array(
    // Documented as one of the typed envelopes (decision 0109); sent as stored, through the loose one.
    practiceEventEnvelopeSchema.meta(practiceEventOneOf),
  ),
  /** Pass as `after` next time: the last event's cursor, or the one given when there was none after it. */
  next_after: z.string(),
});
export type EventFeed = z.infer<typeof eventFeedSchema>;
