import { z } from 'zod';
import { estimateDetailSchema, invoiceDetailSchema } from './bills.ts';
import { paymentPurposes, paymentStatuses } from './payment-rules.ts';
import {
  membershipCancellers,
  membershipEndReasons,
  membershipStatuses,
  planBillings,
} from './plan-rules.ts';
import { prescriptionRequestSchema } from './prescription-requests.ts';
import { attachmentKinds, conversationStatuses, messageAuthors } from './message-rules.ts';

/**
 * "Download my data" (R2.37, decision 0079): everything the portal holds about the signed-in person,
 * generated on request. A person not linked to a client record gets `client: null`: their sign-in
 * identity and sessions only. Sessions never carry a token or a hash.
 */

const timestamp = z.string().describe('ISO 8601 date and time');
const day = z.string().describe('ISO 8601 date (YYYY-MM-DD)');

export const dataExportProfileSchema = z.object({
  clientId: z.number().int(),
  title: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  homePhone: z.string().nullable(),
  address: z.object({
    line1: z.string().nullable(),
    line2: z.string().nullable(),
    town: z.string().nullable(),
    county: z.string().nullable(),
    postcode: z.string().nullable(),
  }),
  homePractice: z.string().nullable(),
  onlineBookingAllowed: z.boolean(),
  linkedAt: timestamp.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const dataExportPetSchema = z.object({
  petId: z.number().int(),
  name: z.string(),
  species: z.string(),
  breed: z.string().nullable(),
  colour: z.string().nullable(),
  sex: z.string(),
  neutered: z.boolean(),
  dateOfBirth: day.nullable(),
  microchipNumber: z.string().nullable(),
  insurer: z.string().nullable(),
  policyNumber: z.string().nullable(),
  status: z.string(),
  registeredOnline: z.boolean(),
  vaccinations: z.array(z.object({ vaccine: z.string(), givenOn: day, dueOn: day.nullable() })),
});

export const dataExportAppointmentSchema = z.object({
  appointmentId: z.number().int(),
  petId: z.number().int(),
  petName: z.string(),
  practice: z.string(),
  clinician: z.string(),
  /**
   * The clinician the person named when booking or moving it online (decision 0141); null: any
   * clinician, or a booking of the practice's.
   */
  chosenClinician: z.string().nullable(),
  reason: z.string(),
  /**
   * The price quoted when the person booked or last moved it online (issue 62): whole pence and what it
   * includes; null when none was quoted.
   */
  quotedPrice: z.object({ amountPence: z.number().int(), includes: z.string().nullable() }).nullable(),
  startsAt: timestamp,
  endsAt: timestamp,
  status: z.string(),
  bookedBy: z.enum(['Online', 'Practice']),
  notes: z.string().nullable(),
  cancellationReason: z.string().nullable(),
  cancelledAt: timestamp.nullable(),
  createdAt: timestamp,
});

export const dataExportContactPreferencesSchema = z.object({
  /** Each purpose × channel the client said yes or no to; a pair not listed is a no. */
  current: z.array(z.object({ purpose: z.string(), channel: z.string(), optedIn: z.boolean() })),
  confirmedAt: timestamp.nullable(),
});

/**
 * A photo or video the person uploaded (issue 66): what it is, never its bytes; `download` is the portal's
 * path to them for its owner, signed in (decision 0169). Files go a year after they were sent.
 */
export const dataExportAttachmentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(attachmentKinds),
  contentType: z.string(),
  byteSize: z.number().int(),
  fileName: z.string(),
  uploadedAt: timestamp,
  download: z.string().describe("The portal's path to the bytes, for the signed-in owner"),
});

/** A conversation with the practice (issue 66): every message both ways, oldest first. */
export const dataExportConversationSchema = z.object({
  id: z.number().int(),
  petId: z.number().int().nullable(),
  petName: z.string().nullable(),
  practice: z.string(),
  status: z.enum(conversationStatuses),
  createdAt: timestamp,
  closedAt: timestamp.nullable(),
  messages: z.array(
    z.object({
      id: z.number().int(),
      author: z.enum(messageAuthors),
      authorName: z.string().nullable(),
      body: z.string(),
      sentAt: timestamp,
      readAt: timestamp.nullable(),
      attachments: z.array(dataExportAttachmentSchema),
    }),
  ),
});

/** One change the person made to their record: the preference cells changed, or the fields' names. */
export const dataExportChangeSchema = z.object({
  changedAt: timestamp,
  kind: z.enum(['details', 'contact_preferences']),
  preferences: z
    .array(z.object({ purpose: z.string(), channel: z.string(), from: z.boolean(), to: z.boolean() }))
    .optional(),
  fields: z.array(z.string()).optional(),
});

export const dataExportSessionSchema = z.object({
  device: z.string().nullable(),
  signedInAt: timestamp,
  startedAt: timestamp,
  lastActiveAt: timestamp,
  expiresAt: timestamp,
});

export const dataExportSchema = z.object({
  format: z.literal('client-portal-data-export'),
  version: z.literal(1),
  generatedAt: timestamp,
  identity: z.object({
    issuer: z.string(),
    subject: z.string(),
    /** The address the provider gave with this sign-in; null when it gave none. */
    email: z.string().nullable(),
  }),
  /** Null for a person whose sign-in is not linked to a client record. */
  client: z
    .object({
      profile: dataExportProfileSchema,
      pets: z.array(dataExportPetSchema),
      appointments: z.array(dataExportAppointmentSchema),
      contactPreferences: dataExportContactPreferencesSchema,
      /** Every change the person made online to their details and preferences, oldest first. */
      changeHistory: z.array(dataExportChangeSchema),
      /** Their repeat prescription requests and the practice's answers, newest first (decision 0111). */
      prescriptionRequests: z.array(prescriptionRequestSchema),
      /** The practice's estimates and bills, line by line, and the answers given, newest first (0153). */
      estimates: z.array(estimateDetailSchema),
      invoices: z.array(invoiceDetailSchema),
      /**
       * What they paid or tried to pay online, newest first (decision 0157): amounts in pence and the
       * provider's reference, never a card detail (the portal never has one).
       */
      payments: z.array(
        z.object({
          id: z.number().int(),
          purpose: z.enum(paymentPurposes),
          status: z.enum(paymentStatuses),
          amountPence: z.number().int(),
          description: z.string(),
          invoiceId: z.number().int().nullable(),
          providerPaymentId: z.string().nullable(),
          createdAt: timestamp,
          paidAt: timestamp.nullable(),
        }),
      ),
      /**
       * Their pets' health plan memberships, newest first (issue 65): what was agreed, the benefits used
       * this plan year, how it ended, and the Direct Debit mandate's reference at the provider.
       */
      planMemberships: z.array(
        z.object({
          id: z.number().int(),
          petId: z.number().int(),
          plan: z.string(),
          status: z.enum(membershipStatuses),
          billing: z.enum(planBillings),
          pricePence: z.number().int(),
          startedOn: z.string(),
          renewsOn: z.string(),
          endedAt: timestamp.nullable(),
          endedBy: z.enum(membershipCancellers).nullable(),
          endReason: z.enum(membershipEndReasons).nullable(),
          exitFeePence: z.number().int().nullable(),
          directDebitMandateId: z.string().nullable(),
          uses: z.array(z.object({ benefit: z.string(), used: z.number().int() })),
        }),
      ),
      /** Their conversations with the practice, newest activity first (issue 66, decision 0169). */
      conversations: z.array(dataExportConversationSchema),
      /** Files uploaded and not yet sent on a message (deleted a day after upload). */
      unsentAttachments: z.array(dataExportAttachmentSchema),
    })
    .nullable(),
  /** The portal sessions of this sign-in that have not ended: no token, no secret. */
  sessions: z.array(dataExportSessionSchema),
  /** When this person asked for their data before (this request included). */
  exportRequests: z.array(z.object({ requestedAt: timestamp })),
});
export type DataExport = z.infer<typeof dataExportSchema>;
