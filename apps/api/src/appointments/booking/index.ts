/**
 * The booking module: slot search, booking, amend and cancel, and their e-mails; the one way into a
 * clinician's diary for every other module (openDiary's operations: book, convert a hold, hold, move and
 * release time; refusalOf names a refusal). Its writes stay inside it (decision 0091).
 * Other modules import only this file.
 */
export { mailboxAddress, nextCalendarSequence } from './appointment-calendar.ts';
export {
  appointmentEventColumns,
  appointmentEventData,
  previousEventColumns,
  amendedColumns,
  recordAmended,
  recordBooked,
} from './appointment-events.ts';
export { createAppointmentsRepository, storedQuote, toDetail } from './appointment-records.ts';
export type { AppointmentsRepository } from './appointment-records.ts';
export { bookAppointment, emailFacts, enqueueBookedEmail, timeNotFree } from './book-appointment.ts';
export type { Booker, BookingDeps, BookingManageLinks, BookingOutcome } from './book-appointment.ts';
export { assertRoomToBook, bookingCaps, bookingsPerIdentity } from './booking-caps.ts';
export type { BookingCaps } from './booking-caps.ts';
export { createBookingDeps } from './booking-deps.ts';
export type { PaymentAsked } from './payment-asked.ts';
export { assertNoPaymentAsked } from './payment-asked.ts';
export type { BookingDepsOptions } from './booking-deps.ts';
export { manageLinkLabel, practiceTime, recordChangeEmail } from './booking-emails.ts';
export { openDiary, refusalOf } from './diary.ts';
export { amendAppointment, cancelAppointment, getAppointment } from './change-appointment.ts';
export { departureCancellation, departureReasonCodes } from './pet-departure.ts';
export { bookVisit } from './book-visit.ts';
export type { VisitOutcome } from './book-visit.ts';
export { cancelVisit, getVisit } from './cancel-visit.ts';
export { amendVisit } from './amend-visit.ts';
export { MINUTE_MS } from './slot-engine/types.ts';
export { petSpeciesCode, quotePrice, quotedColumns, speciesCodeOf } from './quoted-price.ts';
export { slotAnswerSerializer, slotRoutes } from './slot-routes.ts';
export {
  bookableSlotAt,
  bookableSlots,
  loadBookingContext,
  nearestSlots,
  searchAppointmentSlots,
} from './slot-search.ts';
export type { ReadyContext, Searcher, SlotSearchDeps } from './slot-search.ts';
export { createBookingRepository } from './booking-repository.ts';
