/**
 * Appointments: the booking engine (slot search, book, amend, cancel), the client's appointment routes,
 * guest holds, earlier times and manage links.
 * Other domains and the roots (app.ts, server.ts) import only this file (decision 0091).
 */
export {
  bookingCaps,
  bookingsPerIdentity,
  createAppointmentsRepository,
  createBookingDeps,
  createBookingRepository,
  departureCancellation,
  departureReasonCodes,
  loadBookingContext,
  mailboxAddress,
  manageLinkLabel,
  nearestSlots,
  nextCalendarSequence,
  openDiary,
  practiceTime,
  recordChangeEmail,
  refusalOf,
  searchAppointmentSlots,
  slotRoutes,
} from './booking/index.ts';
export type {
  AppointmentsRepository,
  Booker,
  BookingDeps,
  BookingDepsOptions,
  PaymentAsked,
} from './booking/index.ts';
export { bookPaymentHold, holdForPayment, releasePaymentHold } from './payment-holds/index.ts';
export { appointmentRoutes, bookingRoutes } from './client-routes/index.ts';
export {
  createEarlierTimesDeps,
  earlierTimeOfferRoutes,
  earlierTimesJobPlugin,
  earlierTimesRoutes,
} from './earlier-times/index.ts';
export { guestCompletionRoutes, guestRoutes } from './guests/index.ts';
export { manageLinkClientRoutes, manageLinkRoutes, manageLinks } from './manage-links/index.ts';
export type { ManageLinks } from './manage-links/index.ts';
