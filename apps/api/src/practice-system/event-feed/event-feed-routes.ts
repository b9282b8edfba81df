import { apiErrorSchema } from '@vet/contracts/errors';
import {
  eventFeedCursor,
  eventFeedMaxLimit,
  eventFeedQuerySchema,
  eventFeedSchema,
  type EventFeed,
} from '@vet/contracts/integration-events';
import type { Database } from '@vet/db/connection';
import { sequencePracticeEvents } from '@vet/practice-events/record-events';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { machineGrantOf } from '../../platform/index.ts';
import { listEventsAfter, type FeedFilter } from './event-feed-repository.ts';

/**
 * The events after a cursor. The committed events are numbered first (the sequencer returns at once when
 * another caller, such as the webhook dispatcher, holds its turn), so a reader sees what has committed
 * without waiting for the dispatcher.
 */
export async function readEventFeed(
  db: Database,
  after: number,
  limit: number,
  filter?: FeedFilter,
): Promise<EventFeed> {
  await sequencePracticeEvents(db);
  const items = await listEventsAfter(db, after, limit, filter);
  const last = items.at(-1);
  return {
    events: items.map((item) => item.envelope),
    next_after: eventFeedCursor(last ? last.position : after),
  };
}

/** `GET /events` under the integration API's prefix (decision 0067): the feed for machine callers. */
export const eventFeedRoutes = (): FastifyPluginCallbackZod => (app, _options, done) => {
  app.get(
    '/events',
    {
      schema: {
        operationId: 'listPracticeEvents',
        summary: 'The portal’s events after a cursor, in the order they were committed',
        description:
          'For a practice system that cannot receive webhooks: the same events, each as its webhook’s body. ' +
          'Pass the answer’s `next_after` as `after` next time (leave it out to start from the first event); ' +
          'an event committed later than others is listed after them, never before a cursor already ' +
          `given. \`limit\` is 1 to ${eventFeedMaxLimit} (100 by default). \`types\` (a comma list) keeps ` +
          'only events of those types (an unknown type answers 400 naming it); a client granted some ' +
          'practices reads only their events (decision 0105).',
        querystring: eventFeedQuerySchema,
        response: { 200: eventFeedSchema, 400: apiErrorSchema },
      },
    },
    (request) =>
      readEventFeed(app.db, request.query.after ?? 0, request.query.limit, {
        practiceRefs: machineGrantOf(request).practices,
        ...(request.query.types ? { types: request.query.types } : {}),
      }),
  );
  done();
};
