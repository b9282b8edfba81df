import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { requiredRef } from './columns.ts';
import { contactChannel, contactPurpose, petSex, petStatus } from './enums.ts';
import { breeds, colours, insurers, salutations, species } from './lookups.ts';
import { importFingerprint, practiceRecordColumns } from './pms-ref.ts';
import { practices } from './practices.ts';
import { practiceListValues } from './practice-list-values.ts';

/**
 * A client record of the group. It is linked to at most one identity (iss + sub) and an identity to at
 * most one client record (R3.3). The *_key columns hold the normalised forms the pre-signup
 * matching compares: they are written by the application, never shown.
 */
export const clients = pgTable(
  'clients',
  {
    ...practiceRecordColumns(),
    importFingerprint: importFingerprint(),
    salutationId: integer('salutation_id').references(() => salutations.id),
    /** The practice system's salutation while no entry is mapped to it (decision 0131). */
    salutationValueId: integer('salutation_value_id').references(() => practiceListValues.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    mobilePhone: text('mobile_phone'),
    homePhone: text('home_phone'),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    town: text('town'),
    county: text('county'),
    postcode: text('postcode'),
    homePracticeId: requiredRef('home_practice_id', () => practices.id),
    lastNameKey: text('last_name_key').notNull(),
    postcodeKey: text('postcode_key'),
    emailKey: text('email_key'),
    identityIssuer: text('identity_issuer'),
    identitySubject: text('identity_subject'),
    linkedAt: timestamp('linked_at', { withTimezone: true }),
    /** Set on every save of contact preferences; null means never confirmed. */
    contactPreferencesConfirmedAt: timestamp('contact_preferences_confirmed_at', { withTimezone: true }),
    /** R3.1, R6.2: isAppointmentBookingAndPetRegistrationAllowed (a practice can block a client). */
    onlineBookingAllowed: boolean('online_booking_allowed').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('clients_identity_uq').on(t.identityIssuer, t.identitySubject),
    index('clients_last_name_key_idx').on(t.lastNameKey),
    index('clients_email_key_idx').on(t.emailKey),
    index('clients_salutation_value_idx')
      .on(t.salutationValueId, t.id)
      .where(sql`${t.salutationValueId} is not null`),
  ],
);

/** Purposes × channels, each a yes/no (R3.4). A missing row means no. */
export const contactPreferences = pgTable(
  'contact_preferences',
  {
    clientId: requiredRef('client_id', () => clients.id, { onDelete: 'cascade' }),
    purpose: contactPurpose('purpose').notNull(),
    channel: contactChannel('channel').notNull(),
    optedIn: boolean('opted_in').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.purpose, t.channel] })],
);

export const pets = pgTable(
  'pets',
  {
    ...practiceRecordColumns(),
    importFingerprint: importFingerprint(),
    clientId: requiredRef('client_id', () => clients.id),
    name: text('name').notNull(),
    speciesId: requiredRef('species_id', () => species.id),
    breedId: integer('breed_id').references(() => breeds.id),
    colourId: integer('colour_id').references(() => colours.id),
    sex: petSex('sex').notNull(),
    neutered: boolean('neutered').notNull().default(false),
    dateOfBirth: date('date_of_birth'),
    microchipNumber: varchar('microchip_number', { length: 15 }),
    insurerId: integer('insurer_id').references(() => insurers.id),
    policyNumber: text('policy_number'),
    /**
     * The practice system's words while no entry of the list is mapped to them (decision 0131): the pet is
     * stored whatever its labels; a species that cannot be told is Other, with the system's text here.
     */
    speciesValueId: integer('species_value_id').references(() => practiceListValues.id),
    breedValueId: integer('breed_value_id').references(() => practiceListValues.id),
    colourValueId: integer('colour_value_id').references(() => practiceListValues.id),
    insurerValueId: integer('insurer_value_id').references(() => practiceListValues.id),
    /** A cross of its breed (`Labrador X`): the breed is the first one named. */
    breedCross: boolean('breed_cross').notNull().default(false),
    awaitingInitialConsultation: boolean('awaiting_initial_consultation').notNull().default(false),
    status: petStatus('status').notNull().default('Active'),
    registeredOnline: boolean('registered_online').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pets_client_idx').on(t.clientId),
    ...(['species', 'breed', 'colour', 'insurer'] as const).map((list) =>
      // With the id: a mapping moves a value's pets in id order, a range of this index a batch.
      index(`pets_${list}_value_idx`)
        .on(t[`${list}ValueId`], t.id)
        .where(sql`${t[`${list}ValueId`]} is not null`),
    ),
    // The target of appointments' (pet_id, client_id) foreign key: an appointment's pet is its client's.
    unique('pets_id_client_uq').on(t.id, t.clientId),
  ],
);
