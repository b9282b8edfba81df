import type { PracticeAppointmentBody } from '@vet/contracts/integration-appointments';
import type { PracticeRecordKind } from '@vet/contracts/integration-records';
import type { ListValueCodes } from '@vet/practice-import/apply-records';
import type { EstimateAnswerData } from './estimate-answer.ts';
import type {
  PracticeEventData,
  PracticeEventEnvelope,
  PracticeEventType,
} from '@vet/contracts/practice-events';

/**
 * What the connector layer asks of one practice system's API (decision 0106). A vendor module (ezyVet,
 * Provet Cloud) speaks its vendor's HTTP and maps its records to and from the portal's own shapes; the
 * layer decides everything else (cursors, scheduling, applying records by the import's rules, flags).
 */

export type ConnectorSystem = 'ezyvet' | 'provet-cloud';

/**
 * The kinds a connector reads: the integration API's records, and the desk's appointments. Each record's
 * body is what `PUT /integration/v1/{kind}/{ref}` takes (the import file's columns; a clinician carries
 * its availability as `rota_shifts` child rows, one dated shift per window: valid_from = valid_to = the
 * day); an appointment's is `PUT /integration/v1/appointments/{ref}`'s. Prices are the products the
 * connection's price map names (decision 0147); an estimate or invoice carries its lines as
 * `estimate_lines` / `invoice_lines` (bill-rows.ts, decision 0155). Medications are not read from a system
 * yet: they still come by the import or the integration API. Nor are health plans and memberships
 * (decision 0161): Provet Cloud documents no plan resource in its REST API, and ezyVet's wellness plan
 * endpoints are marked not for new integrations (docs/integration/connecting.md).
 */
export type ReadKind =
  Exclude<PracticeRecordKind, 'medications' | 'health-plans' | 'plan-memberships'> | 'appointments';

export type ReadBody<K extends ReadKind> = K extends 'appointments'
  ? PracticeAppointmentBody
  : Readonly<Record<string, unknown>>;

export interface ReadRecord<K extends ReadKind = ReadKind> {
  /** The system's own reference: its id as text. */
  ref: string;
  body: ReadBody<K>;
  /**
   * The system's own ids of the body's list values, by field (`breed` → ezyVet's breed_id as text), where
   * it has them: kept with a value no list entry matches (decision 0131). Beside the body, which is the
   * integration API's and has no place for them.
   */
  codes?: ListValueCodes;
}

export interface ReadPage<K extends ReadKind = ReadKind> {
  /** Records created or changed since the cursor, oldest change first. */
  records: readonly ReadRecord<K>[];
  /** References the system reports deleted (or made inactive where it never deletes) since the cursor. */
  deleted: readonly string[];
  /**
   * Where the next read of this kind starts (opaque to the layer: a modification time, a page token).
   * The layer stores it only after the page is applied, so a crash re-reads the page, never skips it.
   */
  cursor: string;
  /** More pages are waiting now: read again at once. */
  more: boolean;
  /**
   * Records the connection read but would not map, each with its reasons (the field and the rule, no
   * value): the layer reports them with the refusals, and they come again when the system sends them
   * changed or on a re-sync (decision 0130).
   */
  refused?: readonly RefusedRead[];
}

/** A record the connection refused to map: its reference and why, as the import words a refusal. */
export interface RefusedRead {
  ref: string;
  reasons: readonly { path: string; message: string }[];
}

/**
 * An event of the portal's (docs/practice-events.md) for the system, its references resolved now: a
 * record born online whose reference came back since the event was written carries it here. A union of
 * one envelope a type, so that a switch on `type` knows its `data`.
 */
export type OutboundEvent<T extends PracticeEventType = PracticeEventType> = {
  [Type in T]: PracticeEventEnvelope<Type>;
}[T];

/** The system's references of records born online, once written (the layer stores them, no ack needed). */
export interface WrittenRefs {
  client_ref?: string;
  pet_ref?: string;
  appointment_ref?: string;
  /** Where a repeat prescription request was put before the practice's staff (decision 0121). */
  prescription_request_ref?: string;
}

export type WriteResult =
  | { outcome: 'written'; refs: WrittenRefs }
  /** An event the system has no place for (a contact preference, a reminder sent): nothing to write. */
  | { outcome: 'not-applicable' }
  /**
   * The system refused it for good: `slot_taken` (the time was given away at the desk: the layer flags the
   * online appointment as a desk overlap does) or `invalid` (reported for the operator, never retried).
   */
  | { outcome: 'refused'; reason: 'slot_taken' | 'invalid'; message: string };

/** One kind of write: an event's data, its references resolved, into the system. */
export type VendorWrite<T extends PracticeEventType> = (
  data: PracticeEventData<T>,
  signal?: AbortSignal,
) => Promise<WriteResult>;

/**
 * The writes a vendor module can make, one a kind of change. A vendor implements those its system has a
 * place for and says beside its writer why it leaves the others out; `writeEvent` answers not-applicable
 * for them.
 */
export interface VendorWrites {
  /** A booking made online: a client's, or a guest's whose hold was completed. */
  book?: VendorWrite<'appointment.booked' | 'guest_hold.completed'>;
  amend?: VendorWrite<'appointment.amended'>;
  cancel?: VendorWrite<'appointment.cancelled'>;
  registerClient?: VendorWrite<'client.registered'>;
  registerPet?: VendorWrite<'pet.registered'>;
  changeClient?: VendorWrite<'client.details_changed'>;
  changePet?: VendorWrite<'pet.details_changed'>;
  petDied?: VendorWrite<'pet.died'>;
  petRehomed?: VendorWrite<'pet.rehomed'>;
  /** A repeat prescription request put before the practice's staff (decision 0121). */
  requestPrescription?: VendorWrite<'prescription.requested'>;
  /** The owner's answer to an estimate put before the practice's staff (decision 0155). */
  answerEstimate?: (data: EstimateAnswerData, signal?: AbortSignal) => Promise<WriteResult>;
}

/**
 * One event by the vendor's write of its kind. The switch names every event type, so a new one fails the
 * typecheck here until it is given a kind or named as one no system is written.
 */
export async function writeEvent(
  writes: VendorWrites,
  event: OutboundEvent,
  signal?: AbortSignal,
): Promise<WriteResult> {
  const notApplicable: WriteResult = { outcome: 'not-applicable' };
  switch (event.type) {
    case 'appointment.booked':
    case 'guest_hold.completed':
      return writes.book?.(event.data, signal) ?? notApplicable;
    case 'appointment.amended':
      return writes.amend?.(event.data, signal) ?? notApplicable;
    case 'appointment.cancelled':
      return writes.cancel?.(event.data, signal) ?? notApplicable;
    case 'client.registered':
      return writes.registerClient?.(event.data, signal) ?? notApplicable;
    case 'pet.registered':
      return writes.registerPet?.(event.data, signal) ?? notApplicable;
    case 'client.details_changed':
      return writes.changeClient?.(event.data, signal) ?? notApplicable;
    case 'pet.details_changed':
      return writes.changePet?.(event.data, signal) ?? notApplicable;
    case 'pet.died':
      return writes.petDied?.(event.data, signal) ?? notApplicable;
    case 'pet.rehomed':
      return writes.petRehomed?.(event.data, signal) ?? notApplicable;
    case 'prescription.requested':
      return writes.requestPrescription?.(event.data, signal) ?? notApplicable;
    // The portal's own records (links, preferences, an online account's end, flags, attendance,
    // reminders): no vendor writes them; one with a place for them adds its kind of write above.
    case 'client.linked':
    case 'client.contact_preferences_changed':
    case 'client.online_account_deleted':
    case 'appointment.flagged':
    case 'appointment.attendance_confirmed':
    case 'appointment.reminder_sent':
      return notApplicable;
    // An owner's answer to an estimate (decisions 0153, 0155): a note for the staff where the vendor has a
    // place for one; no vendor documents setting an estimate's status.
    case 'estimate.accepted':
      return writes.answerEstimate?.({ ...event.data, answer: 'accepted' }, signal) ?? notApplicable;
    case 'estimate.declined':
      return writes.answerEstimate?.({ ...event.data, answer: 'declined' }, signal) ?? notApplicable;
    // Payments online (decisions 0157, 0158): no write. Provet Cloud documents payment transactions
    // (postransaction, for its own Provet Pay: howto_provet_pay.html); recording another provider's payment
    // there, and ezyVet's equivalent, are not confirmed, and neither vendor documents recording another
    // provider's card holds or refunds, so the practice system reads these events instead.
    case 'payment.received':
    case 'payment.hold_placed':
    case 'payment.hold_captured':
    case 'payment.hold_released':
    case 'payment.refunded':
    case 'payment.refund_failed':
      return notApplicable;
    // Health plans joined and left online (issue 65, decision 0162): no connector writes a membership or
    // its Direct Debit's news (not confirmed for either vendor), so they reach the practice by the feed.
    case 'plan.joined':
    case 'plan.cancelled':
    case 'plan.direct_debit_failed':
    case 'plan.payment_failed':
      return notApplicable;
    // An owner's message (issue 66, decision 0168): ezyVet documents communications but no way for an
    // answer to come back, Provet Cloud neither (docs/messages-practice-systems.md): the feed carries it.
    case 'message.sent':
      return notApplicable;
  }
}

/** The system cannot answer now (down, 5xx, a timeout, a 429 beyond its reset): try again later. */
export class VendorUnavailable extends Error {
  constructor(
    message: string,
    /** When the system said to come back (Retry-After, a rate limit's reset), if it did. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'VendorUnavailable';
  }
}

/** The system refused our credentials (revoked, wrong secret) even after a fresh token: the operator acts. */
export class VendorAuthFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VendorAuthFailed';
  }
}

/**
 * The system answered in a shape the connection does not know (a field missing, an envelope not
 * documented): not an outage, and not to be retried as one. The message names the endpoint or kind, never
 * the answer's text; the operator sees the code `unknown_answer` (decision 0130).
 */
export class VendorAnswerUnknown extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VendorAnswerUnknown';
  }
}

/**
 * Why a pass failed, as a code the operator, the metrics and the readiness answer show (decision 0130):
 * the kind of failure, never a vendor answer's text or a record.
 */
export type PassFailure = 'unavailable' | 'auth_failed' | 'unknown_answer' | 'internal';

export function passFailureOf(error: unknown): PassFailure {
  if (error instanceof VendorUnavailable) return 'unavailable';
  if (error instanceof VendorAuthFailed) return 'auth_failed';
  if (error instanceof VendorAnswerUnknown) return 'unknown_answer';
  return 'internal';
}

/** What the layer counts for the operator's metrics (no personal data: kinds, endpoints, statuses). */
export interface VendorCallObserver {
  call(endpoint: string, status: number | 'timeout' | 'network', durationMs: number): void;
}

export interface VendorConnection {
  readonly system: ConnectorSystem;
  /** The kinds this system can read, parents first: the order a first sync applies them in. */
  readonly readKinds: readonly ReadKind[];
  /** One page of changes of a kind since the cursor (null: from the beginning, the first sync). */
  read<K extends ReadKind>(kind: K, cursor: string | null, signal?: AbortSignal): Promise<ReadPage<K>>;
  /**
   * Optional: where each kind's cursor stands as a pass begins, so a system whose limits are per endpoint
   * can read several kinds at once while the layer applies them in order (ezyVet, decision 0116).
   */
  readAhead?(cursors: ReadonlyMap<ReadKind, string | null>, signal?: AbortSignal): void;
  /**
   * Writes one event into the system, idempotently: before repeating a write whose answer was lost, it
   * looks the record up (by the portal's id it wrote into the record) and answers what it finds.
   */
  write(event: OutboundEvent, signal?: AbortSignal): Promise<WriteResult>;
}
