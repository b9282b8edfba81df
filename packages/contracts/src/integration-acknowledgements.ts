import { z } from 'zod';
import { serialIdParam } from './ids.ts';
import { recordOutcomes } from './integration-records.ts';
import { practiceSystemRefSchema } from './practice-system-ref.ts';

/**
 * Acknowledgements (decision 0067): the practice system sends back its own reference for a record born
 * online (`PUT /{kind}/online/{id}/ref`); from then on the portal's events about the record carry it.
 */

export const acknowledgedKinds = ['clients', 'pets', 'appointments', 'payments'] as const;
export type AcknowledgedKind = (typeof acknowledgedKinds)[number];

/** Each kind's portal id (in the path) and reference (in the body), named as its events name them. */
export const acknowledgementFields = {
  clients: { id: 'client_id', ref: 'client_ref', noun: 'client' },
  pets: { id: 'pet_id', ref: 'pet_ref', noun: 'pet' },
  appointments: { id: 'appointment_id', ref: 'appointment_ref', noun: 'appointment' },
  // A payment taken online, recorded in the practice's till (decision 0157).
  payments: { id: 'payment_id', ref: 'payment_ref', noun: 'payment' },
} as const satisfies Record<AcknowledgedKind, { id: string; ref: string; noun: string }>;

type Fields = typeof acknowledgementFields;

/** One kind's path parameters: `{ client_id }` for clients, and so on. */
export const acknowledgementParamsSchema = <Kind extends AcknowledgedKind>(kind: Kind) =>
  z.object({ [acknowledgementFields[kind].id]: serialIdParam } as Record<
    Fields[Kind]['id'],
    typeof serialIdParam
  >);

/** The document's example reference of each kind (decision 0109), as docs/practice-events.md shows them. */
const acknowledgementExampleRefs: Record<AcknowledgedKind, string> = {
  clients: 'C-1042',
  pets: 'P-88310',
  appointments: 'A-771201',
  payments: 'PAY-30211',
};

/** One kind's body: `{ "client_ref": "..." }` for clients, and so on. */
export const acknowledgementBodySchema = <Kind extends AcknowledgedKind>(kind: Kind) =>
  z
    .object({ [acknowledgementFields[kind].ref]: practiceSystemRefSchema } as Record<
      Fields[Kind]['ref'],
      typeof practiceSystemRefSchema
    >)
    .meta({ examples: [{ [acknowledgementFields[kind].ref]: acknowledgementExampleRefs[kind] }] });

/**
 * What an acknowledgement did, as the records API answers a write: `applied` (the reference is stored
 * now) or `unchanged` (the record had this very reference already); the record's portal id and reference.
 */
export const acknowledgementSchema = z.object({
  outcome: z.enum(recordOutcomes),
  id: z.number().int(),
  ref: z.string(),
});
export type Acknowledgement = z.infer<typeof acknowledgementSchema>;

/**
 * Merges (decision 0113): the practice says a client or pet born online is one it already has
 * (`POST /{kind}/online/{id}/merge`). The record born online keeps its portal id (the client's sign-in,
 * their pages) and takes the reference; the practice's duplicate's pets, appointments and history move to
 * it and the duplicate is removed.
 */
export const mergedKinds = ['clients', 'pets'] as const satisfies readonly AcknowledgedKind[];
export type MergedKind = (typeof mergedKinds)[number];

/**
 * `merged`: the practice's record of this reference was folded into the one born online (`merged_id`, its
 * former portal id, no longer exists); `applied`: no record had the reference, it is stored as an
 * acknowledgement stores it; `unchanged`: the record already had it.
 */
export const mergeSchema = z.object({
  outcome: z.enum([...recordOutcomes, 'merged']),
  id: z.number().int(),
  ref: z.string(),
  merged_id: z.number().int().nullable(),
});
export type Merge = z.infer<typeof mergeSchema>;
