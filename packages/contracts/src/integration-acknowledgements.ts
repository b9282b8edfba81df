import { z } from 'zod';
import { serialIdParam } from './ids.ts';
import { recordOutcomes } from './integration-records.ts';
import { practiceSystemRefSchema } from './practice-system-ref.ts';

/**
 * Acknowledgements (decision 0067): the practice system sends back its own reference for a record born
 * online (`PUT /{kind}/online/{id}/ref`); from then on the portal's events about the record carry it.
 */

export const acknowledgedKinds = ['clients', 'pets', 'appointments'] as const;
export type AcknowledgedKind = (typeof acknowledgedKinds)[number];

/** Each kind's portal id (in the path) and reference (in the body), named as its events name them. */
export const acknowledgementFields = {
  clients: { id: 'client_id', ref: 'client_ref', noun: 'client' },
  pets: { id: 'pet_id', ref: 'pet_ref', noun: 'pet' },
  appointments: { id: 'appointment_id', ref: 'appointment_ref', noun: 'appointment' },
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
