import type { Database } from '@vet/db/connection';
import { defaultMailFrom } from '@vet/email/email-delivery';
import { mailboxAddress } from './appointment-calendar.ts';
import { createAppointmentsRepository } from './appointment-records.ts';
import type { BookingDeps, BookingManageLinks } from './book-appointment.ts';
import { bookingCaps, type BookingCaps } from './booking-caps.ts';
import type { SlotSearchDeps } from './slot-search.ts';
import { createBookingRepository } from './booking-repository.ts';
import type { PaymentAsked } from './payment-asked.ts';

export interface BookingDepsOptions {
  brandName: string;
  caps?: BookingCaps;
  manageLinks?: BookingManageLinks;
  /** The From of the portal's e-mails, whose address organizes their calendar invitations. */
  mailFrom?: string;
  /** The portal's address: its e-mails' closing lines link its /complaints (decision 0143). */
  portalUrl?: string | undefined;
  /** Whether the practice asks a payment to book a reason (decision 0158); none: never. */
  paymentAsked?: PaymentAsked | undefined;
  /** After a cancellation or move commits: its payment's rules apply now (decision 0158). */
  appointmentsChanged?: ((appointmentIds: number[]) => Promise<void>) | undefined;
}

/**
 * What searching, booking, changing and completing a guest hold need, wired once per route plugin: the
 * client's booking routes, the slot routes and the guests' routes all take it from here.
 */
export function createBookingDeps(db: Database, options: BookingDepsOptions): BookingDeps {
  return {
    ...createSlotSearchDeps(db),
    db,
    appointments: createAppointmentsRepository(db),
    brandName: options.brandName,
    caps: options.caps ?? bookingCaps(true),
    manageLinks: options.manageLinks,
    organizerEmail: mailboxAddress(options.mailFrom ?? defaultMailFrom),
    portalUrl: options.portalUrl,
    paymentAsked: options.paymentAsked,
    appointmentsChanged: options.appointmentsChanged,
  };
}

/** What a slot search needs: its statements and the clock. */
export function createSlotSearchDeps(db: Database): SlotSearchDeps {
  return { repository: createBookingRepository(db), now: () => new Date() };
}
