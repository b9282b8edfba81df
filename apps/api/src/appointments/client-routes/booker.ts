/** Who books: the signed-in client of a request, and the key a retried booking sends. */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { linkedClientOf } from '../../platform/index.ts';
import type { Booker } from '../booking/index.ts';

/** A retried booking sends the same key; other headers pass through untouched. */
export const idempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z.string().min(1).max(200).optional(),
});

export const bookerOf = (request: FastifyRequest): Booker => {
  const client = linkedClientOf(request);
  return {
    clientId: client.clientId,
    allowed: client.onlineBookingAllowed,
    homePracticeId: client.homePracticeId,
    firstName: client.firstName,
    email: client.email,
  };
};
