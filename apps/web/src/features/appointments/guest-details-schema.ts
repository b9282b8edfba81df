import { createSoftBookingBodySchema } from '@vet/contracts/guest-bookings';

/**
 * The guest's own answers: the contract's fields and rules (the API checks the same). Loaded when the
 * guest first types, leaves a field or holds the time (decision 0033): this module brings zod.
 */
export const guestDetailsSchema = createSoftBookingBodySchema.pick({
  petName: true,
  firstName: true,
  lastName: true,
  email: true,
  mobile: true,
});
