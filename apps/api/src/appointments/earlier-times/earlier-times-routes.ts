import { appointmentDetailSchema, appointmentIdParamsSchema } from '@vet/contracts/appointment-booking';
import { clientAddressKey } from '@vet/contracts/client-address';
import {
  earlierTimeOfferBodySchema,
  earlierTimeOfferSchema,
  earlierTimeRequestAnswerSchema,
  earlierTimeRequestSchema,
  earlierTimesBodySchema,
} from '@vet/contracts/earlier-times';
import { apiErrorSchema } from '@vet/contracts/errors';
import type { Database } from '@vet/db/connection';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { linkedClientOf, hashedKey, limitedBy, type LimitRule } from '../../platform/index.ts';
import {
  createBookingDeps,
  type BookingDeps,
  type BookingDepsOptions,
  type BookingManageLinks,
} from '../booking/index.ts';
import { readOffer, takeOffer } from './earlier-time-offers.ts';
import type { EarlierTimesDeps } from './earlier-times-common.ts';
import { joinEarlierTimes, leaveEarlierTimes, readEarlierTimes } from './earlier-times-line.ts';
import { offerFreedTimes } from './offer-freed-time.ts';

const tags = ['earlier-times'];
const TEN_MINUTES = 10 * 60 * 1000;
const byAddress = (request: FastifyRequest) => hashedKey(clientAddressKey(request.ip));

export const earlierTimeLimits = {
  readsPerAddress: { name: 'earlier-time-read', max: 30, windowMs: TEN_MINUTES, key: byAddress },
  pressesPerAddress: { name: 'earlier-time-press', max: 10, windowMs: TEN_MINUTES, key: byAddress },
} satisfies Record<string, LimitRule>;

/** The page an offer's e-mail links to: the token in the fragment, never sent to a server by a browser. */
export const earlierTimeLinks =
  (portalUrl: string) =>
  (token: string): string =>
    `${portalUrl}/earlier-time#${token}`;

/**
 * Booking deps whose cancellations and moves offer the time they free to the earlier-times line once they
 * commit (decision 0086). A fault there is logged without personal data; the change stands.
 */
export function withEarlierTimes(
  deps: BookingDeps,
  offerLink: (token: string) => string,
  log: FastifyBaseLogger,
): EarlierTimesDeps {
  const earlier: EarlierTimesDeps = { ...deps, offerLink };
  earlier.timeFreed = async (spans) => {
    try {
      await offerFreedTimes(earlier, spans);
    } catch (error) {
      // The error's name only: a database error's detail can quote a row.
      log.error({ error: error instanceof Error ? error.name : 'unknown' }, 'offering freed time failed');
    }
  };
  return earlier;
}

/**
 * Booking deps wired once per plugin (routes, the desk's routes, the job) whose cancellations and moves
 * offer the time they free to the line (decision 0086).
 */
export function createEarlierTimesDeps(
  db: Database,
  options: BookingDepsOptions & { portalUrl: string },
  log: FastifyBaseLogger,
): EarlierTimesDeps {
  return withEarlierTimes(createBookingDeps(db, options), earlierTimeLinks(options.portalUrl), log);
}

export interface EarlierTimesRouteOptions {
  brandName: string;
  portalUrl: string;
  manageLinks?: BookingManageLinks;
  mailFrom?: string;
}

const notFound = { 404: apiErrorSchema };

/** Signed in, client-owned: an appointment's place in the earlier-times line. */
export const earlierTimesRoutes =
  (options: EarlierTimesRouteOptions): FastifyPluginCallbackZod =>
  (app, _options, done) => {
    const deps = createEarlierTimesDeps(app.db, options, app.log);
    const clientId = (request: FastifyRequest) => linkedClientOf(request).clientId;

    app.get(
      '/appointments/:appointmentId/earlier-times',
      {
        schema: {
          operationId: 'getEarlierTimes',
          tags,
          summary: 'Whether the appointment waits for an earlier time, and until which date',
          params: appointmentIdParamsSchema,
          response: { 200: earlierTimeRequestAnswerSchema, ...notFound },
        },
      },
      async (request) => ({
        request: await readEarlierTimes(deps, clientId(request), request.params.appointmentId),
      }),
    );

    app.put(
      '/appointments/:appointmentId/earlier-times',
      {
        schema: {
          operationId: 'joinEarlierTimes',
          tags,
          summary:
            '"Tell me if an earlier time comes up": joins the practice’s line (again: changes the date)',
          description:
            'latestDate: the last day an earlier time would still help, from today to the appointment’s ' +
            'day (400 otherwise). 409 for a cancelled or past appointment; 403 for a pet that has died or ' +
            'has a new home (decision 0099); 404 for another client’s.',
          params: appointmentIdParamsSchema,
          body: earlierTimesBodySchema,
          response: {
            200: earlierTimeRequestSchema,
            400: apiErrorSchema,
            403: apiErrorSchema,
            409: apiErrorSchema,
            ...notFound,
          },
        },
      },
      (request) =>
        joinEarlierTimes(deps, clientId(request), request.params.appointmentId, request.body.latestDate),
    );

    app.delete(
      '/appointments/:appointmentId/earlier-times',
      {
        schema: {
          operationId: 'leaveEarlierTimes',
          tags,
          summary: 'Leaves the line; a time held for the appointment goes to the next in line',
          params: appointmentIdParamsSchema,
          response: { 204: z.null(), ...notFound },
        },
      },
      async (request, reply) => {
        await leaveEarlierTimes(deps, clientId(request), request.params.appointmentId);
        return reply.code(204).send(null);
      },
    );
    done();
  };

/** Public: an offer's page (the token in the body is its only key) and its one press. */
export const earlierTimeOfferRoutes =
  (options: EarlierTimesRouteOptions): FastifyPluginCallbackZod =>
  (app, _options, done) => {
    const deps = createEarlierTimesDeps(app.db, options, app.log);
    const description =
      'Public: the token (the offer link’s fragment) is the only key, in the body so that no log holds ' +
      'it. 404 with one message once the offer is taken, lapsed (15 minutes) or its appointment changed.';

    app.post(
      '/earlier-time-offer',
      {
        schema: {
          operationId: 'readEarlierTimeOffer',
          tags,
          summary: 'The time held for the client and their appointment now; changes nothing',
          description,
          body: earlierTimeOfferBodySchema,
          response: { 200: earlierTimeOfferSchema, 404: apiErrorSchema, 429: apiErrorSchema },
        },
        preHandler: limitedBy(app, [earlierTimeLimits.readsPerAddress]),
      },
      (request) => readOffer(deps, request.body.token),
    );

    app.post(
      '/earlier-time-offer/take',
      {
        schema: {
          operationId: 'takeEarlierTimeOffer',
          tags,
          summary: 'Moves the appointment to the held time, atomically, and e-mails the change',
          description,
          body: earlierTimeOfferBodySchema,
          response: {
            200: appointmentDetailSchema,
            404: apiErrorSchema,
            409: apiErrorSchema,
            429: apiErrorSchema,
          },
        },
        preHandler: limitedBy(app, [earlierTimeLimits.pressesPerAddress]),
      },
      (request) => takeOffer(deps, request.body.token),
    );
    done();
  };
