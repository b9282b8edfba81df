import { clientAddressKey } from '@vet/contracts/client-address';
import { apiErrorSchema } from '@vet/contracts/errors';
import {
  manageLinkAppointmentSchema,
  manageLinkBodySchema,
  manageLinkCancelBodySchema,
} from '@vet/contracts/manage-link';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { createBookingDeps } from '../booking/index.ts';
import { earlierTimeLinks, withEarlierTimes } from '../earlier-times/index.ts';
import { hashedKey, limitedBy, type LimitRule } from '../../platform/index.ts';
import {
  cancelByManageLink,
  confirmAttendance,
  readManageLink,
  type ManageLinkDeps,
} from './manage-link-service.ts';
import { manageLinkKey } from './manage-link-token.ts';

const tags = ['manage-link'];
const TEN_MINUTES = 10 * 60 * 1000;
const byAddress = (request: FastifyRequest) => hashedKey(clientAddressKey(request.ip));

/** Anonymous calls: counted per address on top of the global limit (plugins/route-limits.ts). */
export const manageLinkLimits = {
  readsPerAddress: { name: 'manage-link-read', max: 30, windowMs: TEN_MINUTES, key: byAddress },
  pressesPerAddress: { name: 'manage-link-press', max: 10, windowMs: TEN_MINUTES, key: byAddress },
} satisfies Record<string, LimitRule>;

const refusals = { 404: apiErrorSchema, 429: apiErrorSchema };
const description =
  'Public: the token (the manage link’s fragment) is the only key, and travels in the body so that no ' +
  'log holds it. 404 with one message for a tampered, unknown, expired or used link, one a newer link ' +
  'replaced or its client ended, and a moved, cancelled or started appointment (decisions 0084, 0095).';

export interface ManageLinkRouteOptions {
  brandName: string;
  /** The server's secret the link's key is derived from (VERIFICATION_CODE_PEPPER). */
  secret: string;
  /** MAIL_FROM: its address organizes the cancellation's calendar part (decision 0082). */
  mailFrom?: string;
  /** The portal's address, for the earlier-times offers' links (decision 0086); none: no offers. */
  portalUrl?: string;
}

/** R2.39 (decision 0084): an appointment's manage link, read, "I'll be there" and "Cancel". */
export const manageLinkRoutes =
  (options: ManageLinkRouteOptions): FastifyPluginCallbackZod =>
  (app, _options, done) => {
    const booking = createBookingDeps(app.db, options);
    const deps: ManageLinkDeps = {
      // Decision 0086: a cancellation's time is offered to the earlier-times line.
      ...(options.portalUrl
        ? withEarlierTimes(booking, earlierTimeLinks(options.portalUrl), app.log)
        : booking),
      key: manageLinkKey(options.secret),
    };
    const reads = limitedBy(app, [manageLinkLimits.readsPerAddress]);
    const presses = limitedBy(app, [manageLinkLimits.pressesPerAddress]);

    app.post(
      '/manage-link/appointment',
      {
        schema: {
          operationId: 'readManageLink',
          tags,
          summary: 'The appointment of a manage link, as it is now; changes nothing',
          description,
          body: manageLinkBodySchema,
          response: { 200: manageLinkAppointmentSchema, ...refusals },
        },
        preHandler: reads,
      },
      (request) => readManageLink(deps, request.body.token),
    );

    app.post(
      '/manage-link/attendance',
      {
        schema: {
          operationId: 'confirmAttendanceByManageLink',
          tags,
          summary: '"I’ll be there": recorded on the appointment (a repeat keeps the first), nothing sent',
          description,
          body: manageLinkBodySchema,
          response: { 200: manageLinkAppointmentSchema, ...refusals },
        },
        preHandler: presses,
      },
      (request) => confirmAttendance(deps, request.body.token),
    );

    app.post(
      '/manage-link/cancellation',
      {
        schema: {
          operationId: 'cancelByManageLink',
          tags,
          summary: 'Cancels the appointment with a cancellation reason, as the portal does; uses the link up',
          description: `${description} 409 after the practice’s cut-off; 400 for an unknown reason.`,
          body: manageLinkCancelBodySchema,
          response: {
            200: manageLinkAppointmentSchema,
            400: apiErrorSchema,
            409: apiErrorSchema,
            ...refusals,
          },
        },
        preHandler: presses,
      },
      (request) => cancelByManageLink(deps, request.body.token, request.body.reasonId),
    );

    done();
  };
