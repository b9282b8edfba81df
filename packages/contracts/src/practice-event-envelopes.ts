import { z } from 'zod';
import { practiceEventExamples } from './practice-event-examples.ts';
import {
  practiceEventDataSchemas,
  practiceEventEnvelopeSchema,
  practiceEventTypes,
  type PracticeEventType,
} from './practice-events.ts';

/**
 * Each event type's envelope, typed field by field, for the OpenAPI document (decision 0109): the
 * components the `webhooks` section and the event feed name. Their ids make them components of the
 * document (fastify-type-provider-zod's jsonSchemaTransformObject), `ClientRegisteredEvent` and so on.
 */

/** `client.details_changed` → `ClientDetailsChangedEvent`. */
export const practiceEventSchemaId = (type: PracticeEventType): string =>
  `${type
    .split(/[._]/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('')}Event`;

const envelopeOf = <T extends PracticeEventType>(type: T) =>
  practiceEventEnvelopeSchema
    .extend({
      id: practiceEventEnvelopeSchema.shape.id.describe(
        'The event’s id (`evt_…`), the same as the webhook-id header and on every retry.',
      ),
      type: z.literal(type),
      timestamp: practiceEventEnvelopeSchema.shape.timestamp.describe('When the change was committed.'),
      data: practiceEventDataSchemas[type],
    })
    .meta({
      id: practiceEventSchemaId(type),
      title: type,
      examples: [practiceEventExamples[type]],
    });

/** The typed envelope of every event type, by type. */
export const practiceEventEnvelopeSchemas = Object.fromEntries(
  practiceEventTypes.map((type) => [type, envelopeOf(type)]),
) as { [T in PracticeEventType]: ReturnType<typeof envelopeOf<T>> };

/**
 * What an event as the feed sends it is, for the document: one of the typed envelopes, told apart by
 * `type`. The feed's answer keeps the loose envelope as its serializer, so an event stored under an older
 * shape of its type is still sent as it was written (docs/integration/versioning.md).
 */
export const practiceEventOneOf = {
  oneOf: practiceEventTypes.map((type) => ({
    $ref: `#/components/schemas/${practiceEventSchemaId(type)}`,
  })),
  discriminator: {
    propertyName: 'type',
    mapping: Object.fromEntries(
      practiceEventTypes.map((type) => [type, `#/components/schemas/${practiceEventSchemaId(type)}`]),
    ),
  },
};
