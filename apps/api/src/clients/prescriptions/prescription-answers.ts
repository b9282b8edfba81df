import type { PrescriptionAnswer } from '@vet/contracts/prescription-rules';
import { prescriptionMessages } from '@vet/contracts/prescription-rules';
import type { Database } from '@vet/db/connection';
import { clients, pets } from '@vet/db/schema/clients';
import { practices } from '@vet/db/schema/practices';
import { prescriptionRequestItems, prescriptionRequests } from '@vet/db/schema/prescriptions';
import { enqueueEmail } from '@vet/email/enqueue-email';
import { asc, eq, sql } from 'drizzle-orm';
import { notFound } from '../../platform/index.ts';
import { prescriptionAnswerEmail, type PrescriptionEmailSettings } from './prescription-email.ts';

export interface PrescriptionAnswerInput {
  requestId: number;
  status: PrescriptionAnswer;
  message: string | null;
  /** Whether the caller's grant serves the request's practice (decision 0105): else it is not found. */
  serves: (practiceRef: string | null) => boolean;
}

/**
 * The practice's answer to a request (decision 0111), from its system through the integration API: the
 * request takes the answer, and the client is e-mailed it in the same transaction. The same answer again
 * changes nothing and sends nothing; a later answer replaces an earlier one (approved, then ready to
 * collect), as the practice's system is the one that knows.
 */
export async function answerPrescriptionRequest(
  db: Database,
  settings: PrescriptionEmailSettings,
  input: PrescriptionAnswerInput,
): Promise<{ outcome: 'applied' | 'unchanged'; id: number }> {
  return db.transaction(async (tx) => {
    const [request] = await tx
      .select({
        status: prescriptionRequests.status,
        answerMessage: prescriptionRequests.answerMessage,
        supply: prescriptionRequests.supply,
        feePence: prescriptionRequests.feePence,
        email: clients.email,
        firstName: clients.firstName,
        petName: pets.name,
        practiceRef: practices.pmsRef,
        practiceName: practices.name,
        practicePhone: practices.phone,
        practiceOwnerName: practices.ownerName,
      })
      .from(prescriptionRequests)
      .innerJoin(clients, eq(clients.id, prescriptionRequests.clientId))
      .innerJoin(pets, eq(pets.id, prescriptionRequests.petId))
      .innerJoin(practices, eq(practices.id, prescriptionRequests.practiceId))
      .where(eq(prescriptionRequests.id, input.requestId))
      .for('update', { of: prescriptionRequests });
    if (!request || !input.serves(request.practiceRef)) throw notFound(prescriptionMessages.requestNotFound);
    if (request.status === input.status && request.answerMessage === input.message)
      return { outcome: 'unchanged', id: input.requestId };
    await tx
      .update(prescriptionRequests)
      .set({ status: input.status, answerMessage: input.message, answeredAt: sql`now()` })
      .where(eq(prescriptionRequests.id, input.requestId));
    if (request.email) {
      const items = await tx
        .select({ medicine: prescriptionRequestItems.medicine })
        .from(prescriptionRequestItems)
        .where(eq(prescriptionRequestItems.requestId, input.requestId))
        .orderBy(asc(prescriptionRequestItems.id));
      await enqueueEmail(
        tx,
        prescriptionAnswerEmail(settings, {
          ...request,
          to: request.email,
          status: input.status,
          message: input.message,
          medicines: items.map((item) => item.medicine),
        }),
      );
    }
    return { outcome: 'applied', id: input.requestId };
  });
}
