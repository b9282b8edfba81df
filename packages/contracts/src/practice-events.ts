import { z } from 'zod';
import { appointmentStatuses } from './appointments.ts';
import { contactPreferenceChoicesSchema } from './contact-preferences.ts';
import {
  paymentHoldCapturedSchema,
  paymentHoldPlacedSchema,
  paymentHoldReleasedSchema,
  paymentReceivedSchema,
  paymentRefundedSchema,
  paymentRefundFailedSchema,
} from './payment-events.ts';
import {
  planCancelledSchema,
  planDirectDebitFailedSchema,
  planJoinedSchema,
  planPaymentFailedSchema,
} from './plan-events.ts';
import { messageSentSchema } from './message-events.ts';
import { medicineCategories, supplyMethods } from './prescription-rules.ts';

/**
 * The practice system's way out (decision 0067, docs/practice-events.md): every change made in
 * the portal that the practice's system should know, as an event written in the change's own transaction.
 * Field names are those of the import files (clients.csv, pets.csv, appointments.csv), so a practice
 * system reads back the shape it sends. Each event names its record by the portal's id and, where one
 * exists, the practice system's reference; it carries no more personal data than the practice needs to
 * apply the change (a new client's name and contact details, never a password, token or session).
 */

/** The records an event can be about: its order is kept per record (kind and portal id). */
export const practiceEventRecordKinds = [
  'client',
  'pet',
  'appointment',
  'prescription_request',
  'estimate',
  'payment',
  'plan_membership',
  'conversation',
] as const;
export type PracticeEventRecordKind = (typeof practiceEventRecordKinds)[number];

/** Every kind of change the design lists, as the `type` of its event. */
export const practiceEventTypes = [
  'client.registered',
  'client.linked',
  'client.details_changed',
  'client.contact_preferences_changed',
  'client.online_account_deleted',
  'pet.registered',
  'pet.details_changed',
  'pet.died',
  'pet.rehomed',
  'appointment.booked',
  'appointment.amended',
  'appointment.cancelled',
  'guest_hold.completed',
  'appointment.flagged',
  'appointment.attendance_confirmed',
  'appointment.reminder_sent',
  'prescription.requested',
  'estimate.accepted',
  'estimate.declined',
  'payment.received',
  'payment.hold_placed',
  'payment.hold_captured',
  'payment.hold_released',
  'payment.refunded',
  'payment.refund_failed',
  'plan.joined',
  'plan.cancelled',
  'plan.direct_debit_failed',
  'plan.payment_failed',
  'message.sent',
] as const;
export type PracticeEventType = (typeof practiceEventTypes)[number];

const ref = z.string().nullable();
const id = z.number().int().positive();
const instant = z.iso.datetime({ offset: true });

/**
 * The client's contact preferences as an event carries them. `messages` (decision 0168) came within v1, so
 * it is optional here: the feed sends events written before it as they were (docs/integration/versioning.md).
 */
const eventContactPreferences = contactPreferenceChoicesSchema.partial({ messages: true });

/** A record of the practice's: its portal id and its reference (null when the portal has none yet). */
const practiceRecord = { practice_id: id, practice_ref: ref };
const clientRecord = { client_id: id, client_ref: ref };
const petRecord = { pet_id: id, pet_ref: ref };
const appointmentRecord = { appointment_id: id, appointment_ref: ref };
/**
 * Present only on an appointment that is part of a visit: several pets of one client booked together, back
 * to back with one clinician (decision 0117). Each appointment of the visit has its own event, naming it.
 */
const visitOf = { visit_id: z.uuid().optional() };

/** An estimate the owner answered: by the portal's id and the practice system's `estimate_ref`. */
const estimateAnswered = {
  estimate_id: id,
  estimate_ref: ref,
  ...practiceRecord,
  ...clientRecord,
  /** The revision of the estimate the owner read and answered (it counts changes of the total). */
  revision: z.number().int().positive(),
  answered_at: instant,
};

/** A client's details as clients.csv has them (salutation by name, phones in E.164). */
const clientDetails = {
  salutation: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  mobile_phone: z.string().nullable(),
  home_phone: z.string().nullable(),
  address_line1: z.string().nullable(),
  address_line2: z.string().nullable(),
  town: z.string().nullable(),
  county: z.string().nullable(),
  postcode: z.string().nullable(),
};
const clientDetailFields = Object.keys(clientDetails) as (keyof typeof clientDetails)[];

/** An appointment as appointments.csv has it, with the portal's ids beside the references. */
const appointmentDetails = {
  ...appointmentRecord,
  ...practiceRecord,
  clinician_id: id,
  clinician_ref: ref,
  ...clientRecord,
  ...petRecord,
  reason_id: id,
  reason_ref: ref,
  starts_at: instant,
  ends_at: instant,
  status: z.enum(appointmentStatuses),
  notes: z.string().nullable(),
  ...visitOf,
};

/** The data of each event type. */
export const practiceEventDataSchemas = {
  /** A client new to the practice signed up online: the practice creates its record and acknowledges it. */
  'client.registered': z.object({
    ...clientRecord,
    ...practiceRecord,
    ...clientDetails,
    contact_preferences: eventContactPreferences.nullable(),
  }),
  /** A signed-in person was linked to a client record the practice already has. */
  'client.linked': z.object({ ...clientRecord, ...practiceRecord }),
  /**
   * The client changed their details online: only the fields that changed, with their new values. A new
   * home practice (clients.csv's practice_ref) comes as practice_id and practice_ref together.
   */
  'client.details_changed': z.object({
    ...clientRecord,
    changed: z.object({ ...clientDetails, ...practiceRecord }).partial(),
  }),
  /** The client saved their contact preferences (all of them, as now stored). */
  'client.contact_preferences_changed': z.object({
    ...clientRecord,
    contact_preferences: eventContactPreferences,
  }),
  /**
   * The client deleted their online account (decision 0080): the record is no longer linked to a sign-in,
   * and the practice keeps it, its pets and appointments. Someone signing up later is a newcomer.
   */
  'client.online_account_deleted': z.object({ ...clientRecord, deleted_at: instant }),
  /** The client registered a pet online (pets.csv's columns, lists by name). */
  'pet.registered': z.object({
    ...petRecord,
    ...clientRecord,
    name: z.string(),
    species: z.string(),
    breed: z.string().nullable(),
    colour: z.string().nullable(),
    sex: z.string(),
    neutered: z.boolean(),
    date_of_birth: z.iso.date().nullable(),
    microchip: z.string().nullable(),
    insurer: z.string().nullable(),
    policy_number: z.string().nullable(),
    awaiting_initial_consultation: z.boolean(),
  }),
  /**
   * The client changed their pet's details online (decision 0083): only the fields that changed, with
   * their new values (pets.csv's columns, the insurer by name; null: cleared).
   */
  'pet.details_changed': z.object({
    ...petRecord,
    ...clientRecord,
    changed: z
      .object({
        name: z.string(),
        neutered: z.boolean(),
        microchip: z.string().nullable(),
        insurer: z.string().nullable(),
        policy_number: z.string().nullable(),
      })
      .partial(),
  }),
  /** The client told the practice online that their pet has died: its status is now Deceased. */
  'pet.died': z.object({
    ...petRecord,
    ...clientRecord,
    status: z.literal('Deceased'),
    recorded_at: instant,
  }),
  /** The client told the practice online that their pet has a new home: its status is now Rehomed. */
  'pet.rehomed': z.object({
    ...petRecord,
    ...clientRecord,
    status: z.literal('Rehomed'),
    recorded_at: instant,
  }),
  /** The client booked online. */
  'appointment.booked': z.object(appointmentDetails),
  /** The client moved or changed an online appointment: the appointment as it now is, and what it was. */
  'appointment.amended': z.object({
    ...appointmentDetails,
    previous: z.object({
      clinician_id: id,
      clinician_ref: ref,
      reason_id: id,
      reason_ref: ref,
      starts_at: instant,
      ends_at: instant,
    }),
  }),
  /** The client cancelled online. */
  'appointment.cancelled': z.object({
    ...appointmentRecord,
    ...clientRecord,
    ...petRecord,
    cancelled_at: instant,
    ...visitOf,
  }),
  /** A guest's held time became an appointment when they finished signing up. */
  'guest_hold.completed': z.object({ ...appointmentDetails, hold_id: z.string() }),
  /** A desk booking overlapped an online appointment: the practice should sort it out with the client. */
  'appointment.flagged': z.object({
    ...appointmentRecord,
    ...clientRecord,
    ...petRecord,
    flagged_at: instant,
    /** The desk booking that overlapped it. */
    overlapping_appointment_ref: ref,
  }),
  /** The client said they will come ("I'll be there" in a confirmation or reminder); sent once. */
  'appointment.attendance_confirmed': z.object({
    ...appointmentRecord,
    ...clientRecord,
    ...petRecord,
    starts_at: instant,
    confirmed_at: instant,
  }),
  /**
   * A reminder of the appointment went to the client: handed at `sent_at` to the portal's e-mail or text
   * outbox, which delivers it (retrying while the provider is down). `starts_at` is the time it named.
   */
  'appointment.reminder_sent': z.object({
    ...appointmentRecord,
    ...clientRecord,
    ...petRecord,
    starts_at: instant,
    channel: z.enum(['email', 'sms']),
    /** The practice's rule it followed: 'd2' (two days before), 'd0@08:00' (on the day at 08:00). */
    reminder: z.string(),
    sent_at: instant,
  }),
  /**
   * The client asked for repeats of their pet's medicines (decision 0111): each by the practice system's
   * reference, with the quantity, and how they want it (`collect`, or a `written` prescription for a
   * pharmacy, whose fee they were shown). The practice answers with
   * PUT /integration/v1/prescription-requests/{request_id}/answer.
   */
  'prescription.requested': z.object({
    request_id: id,
    ...practiceRecord,
    ...clientRecord,
    ...petRecord,
    supply: z.enum(supplyMethods),
    fee_pence: z.number().int().min(0),
    note: z.string().nullable(),
    items: z.array(
      z.object({
        medication_id: id,
        medication_ref: z.string(),
        medicine: z.string(),
        strength: z.string().nullable(),
        category: z.enum(medicineCategories),
        quantity: z.number().int().positive(),
        unit: z.string(),
      }),
    ),
    requested_at: instant,
  }),
  /**
   * The owner agreed to an estimate online (decision 0153): the revision they read and its total, which
   * is what a later revision is measured against (decision 0151).
   */
  'estimate.accepted': z.object({
    ...estimateAnswered,
    total_pence: z.number().int().min(0),
  }),
  /** The owner declined an estimate online, with their reason (decision 0153). */
  'estimate.declined': z.object({
    ...estimateAnswered,
    total_pence: z.number().int().min(0),
    reason: z.string(),
  }),
  /** An owner paid online (decision 0157): payment-events.ts. */
  'payment.received': paymentReceivedSchema,
  /** Deposits and card holds at booking (decision 0158): payment-events.ts. */
  'payment.hold_placed': paymentHoldPlacedSchema,
  'payment.hold_captured': paymentHoldCapturedSchema,
  'payment.hold_released': paymentHoldReleasedSchema,
  'payment.refunded': paymentRefundedSchema,
  'payment.refund_failed': paymentRefundFailedSchema,
  /** Health plans joined and left online, and their Direct Debit's news (issue 65, decision 0162): plan-events.ts. */
  'plan.joined': planJoinedSchema,
  'plan.cancelled': planCancelledSchema,
  'plan.direct_debit_failed': planDirectDebitFailedSchema,
  'plan.payment_failed': planPaymentFailedSchema,
  /** The owner wrote to the practice (issue 66, decision 0168): message-events.ts. */
  'message.sent': messageSentSchema,
} satisfies Record<PracticeEventType, z.ZodType>;

export type PracticeEventData<T extends PracticeEventType> = z.infer<(typeof practiceEventDataSchemas)[T]>;

/** Which record each event type is about (its order is kept per record). */
export const practiceEventRecordKindOf: Record<PracticeEventType, PracticeEventRecordKind> = {
  'client.registered': 'client',
  'client.linked': 'client',
  'client.details_changed': 'client',
  'client.contact_preferences_changed': 'client',
  'client.online_account_deleted': 'client',
  'pet.registered': 'pet',
  'pet.details_changed': 'pet',
  'pet.died': 'pet',
  'pet.rehomed': 'pet',
  'appointment.booked': 'appointment',
  'appointment.amended': 'appointment',
  'appointment.cancelled': 'appointment',
  'guest_hold.completed': 'appointment',
  'appointment.flagged': 'appointment',
  'appointment.attendance_confirmed': 'appointment',
  'appointment.reminder_sent': 'appointment',
  'prescription.requested': 'prescription_request',
  'estimate.accepted': 'estimate',
  'estimate.declined': 'estimate',
  'payment.received': 'payment',
  'payment.hold_placed': 'payment',
  'payment.hold_captured': 'payment',
  'payment.hold_released': 'payment',
  'payment.refunded': 'payment',
  'payment.refund_failed': 'payment',
  'plan.joined': 'plan_membership',
  'plan.cancelled': 'plan_membership',
  'plan.direct_debit_failed': 'plan_membership',
  'plan.payment_failed': 'plan_membership',
  'message.sent': 'conversation',
};

/** The field of an event's data that names the record it is about. */
export const practiceEventRecordIdField = {
  client: 'client_id',
  pet: 'pet_id',
  appointment: 'appointment_id',
  prescription_request: 'request_id',
  estimate: 'estimate_id',
  payment: 'payment_id',
  plan_membership: 'membership_id',
  conversation: 'conversation_id',
} as const satisfies Record<PracticeEventRecordKind, string>;

/** The event id as sent: the `webhook-id` header and the envelope's `id`, the same on every retry. */
export const practiceEventIdPrefix = 'evt_';
export function practiceEventId(eventId: number): string {
  return `${practiceEventIdPrefix}${eventId}`;
}

/**
 * An event as a webhook's body and a feed item carry it (the Standard Webhooks payload shape: type,
 * timestamp, data; plus the id, so a feed reader has it without the headers). `data` is the type's
 * schema above (practiceEventDataSchemas), checked where the event is written.
 */
export const practiceEventEnvelopeSchema = z.object({
  id: z.string(),
  type: z.enum(practiceEventTypes),
  timestamp: instant,
  data: z.record(z.string(), z.unknown()),
});
export interface PracticeEventEnvelope<T extends PracticeEventType = PracticeEventType> {
  id: string;
  type: T;
  timestamp: string;
  data: PracticeEventData<T>;
}

export { clientDetailFields };
