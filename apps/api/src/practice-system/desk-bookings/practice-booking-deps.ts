import type { Database } from '@vet/db/connection';
import { defaultMailFrom } from '@vet/email/email-delivery';
import type { FastifyBaseLogger } from 'fastify';
import {
  createAppointmentsRepository,
  createEarlierTimesDeps,
  mailboxAddress,
} from '../../appointments/index.ts';
import { createPracticeBookingReads } from './practice-booking-repository.ts';
import type { PracticeBookingDeps } from './practice-booking-service.ts';

export interface PracticeBookingSettings {
  brandName: string;
  mailFrom?: string;
  portalUrl: string;
}

/** What the desk's bookings need, wired once for the integration API's routes and the connectors alike. */
export function createPracticeBookingDeps(
  db: Database,
  settings: PracticeBookingSettings,
  log: FastifyBaseLogger,
): PracticeBookingDeps {
  const earlier = createEarlierTimesDeps(db, settings, log);
  return {
    db,
    reads: createPracticeBookingReads(db),
    appointments: createAppointmentsRepository(db),
    brandName: settings.brandName,
    organizerEmail: mailboxAddress(settings.mailFrom ?? defaultMailFrom),
    portalUrl: settings.portalUrl,
    now: () => new Date(),
    timeFreed: earlier.timeFreed,
  };
}
