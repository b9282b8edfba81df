import { bookingMessages } from '@vet/contracts/appointment-booking';
import type { FastifyReply } from 'fastify';
import { errorBody } from '../../platform/index.ts';
import type { BookingOutcome } from '../booking/index.ts';

/** What a booking or a visit answers when it is not booked: booking's refusals, one shape for both. */
export type BookingRefusal = Exclude<BookingOutcome, { kind: 'booked' }>;

/** 409 carries the nearest free starts (contracts' bookingConflictSchema), or names a pet already booked; 422 a reused key. */
export function sendRefusal(reply: FastifyReply, refusal: BookingRefusal) {
  switch (refusal.kind) {
    case 'taken':
      return reply
        .code(409)
        .send({ ...errorBody(409, bookingMessages.slotTaken), alternatives: refusal.alternatives });
    case 'petBusy':
      return reply
        .code(409)
        .send({ ...errorBody(409, bookingMessages.petAlreadyBooked(refusal.petName)), alternatives: [] });
    case 'keyReused':
      return reply.code(422).send(errorBody(422, bookingMessages.idempotencyKeyReused));
  }
}
