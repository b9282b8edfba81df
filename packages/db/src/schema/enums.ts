import { pgEnum } from 'drizzle-orm/pg-core';

export const clinicianType = pgEnum('clinician_type', ['Unknown', 'Vet', 'Nurse']);
export const speciesCode = pgEnum('species_code', [
  'Custom',
  'Canine',
  'Feline',
  'Bird',
  'Rabbit',
  'Fish',
  'Rodent',
  'Reptile',
  'Ferret',
]);
export const petSex = pgEnum('pet_sex', ['Male', 'Female']);
export const petStatus = pgEnum('pet_status', ['Active', 'Deceased']);
export const appointmentStatus = pgEnum('appointment_status', ['Booked', 'Cancelled', 'Completed', 'NoShow']);
export const softBookingStatus = pgEnum('soft_booking_status', [
  'Held',
  'Replaced',
  'Released',
  'Converted',
  'Expired',
]);
export const contactPurpose = pgEnum('contact_purpose', ['reminders', 'marketing']);
export const contactChannel = pgEnum('contact_channel', ['email', 'sms', 'phone', 'post']);
export const verificationMode = pgEnum('verification_mode', ['signup', 'signin']);
export const outboxStatus = pgEnum('outbox_status', ['pending', 'sent', 'failed']);
