import { appointmentStatuses } from '@vet/contracts/appointments';
import { contactChannels, contactPurposes } from '@vet/contracts/contact-preferences';
import { emailOutboxStatuses } from '@vet/contracts/dev-mailbox';
import { clinicianTypes, speciesCodes } from '@vet/contracts/lookups';
import { petStatuses, recordedPetSexes } from '@vet/contracts/pets';
import { verificationModes } from '@vet/contracts/verification';
import { pgEnum } from 'drizzle-orm/pg-core';

// The value lists the API and the browser see come from the contracts, so one list drives all three.
export const clinicianType = pgEnum('clinician_type', clinicianTypes);
export const speciesCode = pgEnum('species_code', speciesCodes);
export const petSex = pgEnum('pet_sex', recordedPetSexes);
export const petStatus = pgEnum('pet_status', petStatuses);
export const appointmentStatus = pgEnum('appointment_status', appointmentStatuses);
export const appointmentSource = pgEnum('appointment_source', ['Online', 'Practice']);
export const contactPurpose = pgEnum('contact_purpose', contactPurposes);
export const contactChannel = pgEnum('contact_channel', contactChannels);
export const verificationMode = pgEnum('verification_mode', verificationModes);
export const outboxStatus = pgEnum('outbox_status', emailOutboxStatuses);

/** Where a list's row comes from, and what kind of key matches it (decision 0096: schema/lookups.ts). */
export const listSource = pgEnum('list_source', ['vbo', 'portal', 'group']);
export const listKeyKind = pgEnum('list_key_kind', ['name', 'synonym', 'code', 'practice_code']);

// Internal states that no contract carries.
export const softBookingStatus = pgEnum('soft_booking_status', [
  'Held',
  'Replaced',
  'Released',
  'Converted',
  'Expired',
]);
