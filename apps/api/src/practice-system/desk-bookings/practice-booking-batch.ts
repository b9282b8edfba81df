import {
  practiceAppointmentItemSchema,
  type PracticeAppointmentBatchResult,
} from '@vet/contracts/integration-appointments';
import { withIntegrationCode } from '@vet/contracts/integration-errors';
import type { FastifyBaseLogger } from 'fastify';
import { badRequest, toErrorResponse, type MachineGrant } from '../../platform/index.ts';
import { requireBookingWritable } from './booking-practices.ts';
import { upsertPracticeAppointment, type PracticeBookingDeps } from './practice-booking-service.ts';

type ItemResult = PracticeAppointmentBatchResult['results'][number];

const refOf = (item: object) =>
  'appointment_ref' in item && typeof item.appointment_ref === 'string' ? item.appointment_ref : null;

/**
 * POST /appointments/batch (decision 0063): each item is stored on its own, in order, in a transaction of
 * its own, and answered with the status it would have had alone. A batch is not all-or-nothing: a desk
 * booking is a fact, and one bad row must not keep the others' times open for online bookings. Items of
 * one reference are applied in the order sent.
 */
export async function storeBatch(
  deps: PracticeBookingDeps,
  grant: MachineGrant,
  items: readonly object[],
  log: FastifyBaseLogger,
): Promise<PracticeAppointmentBatchResult> {
  const results: ItemResult[] = [];
  for (const [index, item] of items.entries()) {
    results.push(await storeItem(deps, grant, index, item, log));
  }
  return { results };
}

async function storeItem(
  deps: PracticeBookingDeps,
  grant: MachineGrant,
  index: number,
  item: object,
  log: FastifyBaseLogger,
): Promise<ItemResult> {
  const appointment_ref = refOf(item);
  try {
    const parsed = practiceAppointmentItemSchema.safeParse(item);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => ({
        path: issue.path.join('.') || 'item',
        message: issue.message,
      }));
      throw badRequest('Some fields of the item are not valid.', issues);
    }
    const { appointment_ref: ref, ...body } = parsed.data;
    // Per item: one of a practice not granted answers 403 practice_not_served, the others are stored.
    await requireBookingWritable(deps.db, grant, ref, body.practice_ref);
    const stored = await upsertPracticeAppointment(deps, ref, body);
    return { index, appointment_ref, status: stored.created ? 201 : 200, appointment: stored.appointment };
  } catch (error) {
    const { statusCode, body, isExpected } = toErrorResponse(error);
    // A fault of ours in one item is logged as any request's is; the other items still get their answers.
    if (!isExpected) log.error({ err: error, batchIndex: index }, 'batch item failed');
    return { index, appointment_ref, status: statusCode, error: withIntegrationCode(body) };
  }
}
