import { connectDatabase } from '@vet/db/connection';
import type { DemoAccount } from '@vet/db/seed/demo-accounts';

export interface MessagingScene {
  practiceId: number;
  practiceName: string;
  practicePhone: string;
  practiceRef: string;
  petId: number;
}

/**
 * The account's home practice taking messages (answer within 4 opening hours), as the demo data sets
 * Clapham (part D's seed; set here too so the journey does not hang on it), and the account's pet.
 * Earlier runs' conversations of the account are removed, so the journey starts with none.
 */
export async function seedMessagingScene(
  account: DemoAccount,
  petName: string,
  databaseUrl: string,
): Promise<MessagingScene> {
  const { pool, close } = connectDatabase(databaseUrl, { max: 1 });
  try {
    const { rows } = await pool.query<{
      pet_id: number;
      client_id: number;
      practice_id: number;
      name: string;
      phone: string;
      pms_ref: string;
    }>(
      `select p.id as pet_id, c.id as client_id, pr.id as practice_id, pr.name, pr.phone, pr.pms_ref
         from pets p join clients c on c.id = p.client_id join practices pr on pr.id = c.home_practice_id
        where c.identity_subject = $1 and p.name = $2`,
      [account.id, petName],
    );
    const row = rows[0];
    if (rows.length !== 1 || !row) throw new Error(`expected one pet ${petName} of ${account.email}`);
    await pool.query(
      'update practices set message_answer_hours = coalesce(message_answer_hours, 4) where id = $1',
      [row.practice_id],
    );
    await pool.query('delete from conversations where client_id = $1', [row.client_id]);
    return {
      practiceId: row.practice_id,
      practiceName: row.name,
      practicePhone: row.phone,
      practiceRef: row.pms_ref,
      petId: row.pet_id,
    };
  } finally {
    await close();
  }
}

/** The practice system's answer to a conversation, written straight into the database (no route needed). */
export async function seedAnswer(
  databaseUrl: string,
  conversationId: number,
  values: { body: string; authorName: string; reasonName?: string },
): Promise<void> {
  const { pool, close } = connectDatabase(databaseUrl, { max: 1 });
  try {
    await pool.query(
      `insert into conversation_messages (conversation_id, author, author_name, body, pms_ref, suggested_reason_id)
       values ($1, 'practice', $2, $3, $4, (select id from appointment_reasons where name = $5))`,
      [
        conversationId,
        values.authorName,
        values.body,
        `PMS-${crypto.randomUUID()}`,
        values.reasonName ?? null,
      ],
    );
    await pool.query('update conversations set last_message_at = now() where id = $1', [conversationId]);
  } finally {
    await close();
  }
}

/** The appointments the journey booked for the pet since `since`, deleted: other journeys count Olivia's. */
export async function deleteBookedSince(databaseUrl: string, petId: number, since: Date): Promise<number> {
  const { pool, close } = connectDatabase(databaseUrl, { max: 1 });
  try {
    const { rowCount } = await pool.query('delete from appointments where pet_id = $1 and created_at >= $2', [
      petId,
      since,
    ]);
    return rowCount ?? 0;
  } finally {
    await close();
  }
}

/** The practice system's reference of a demo reason, for an answer's `suggested_reason_ref`. */
export async function reasonRef(databaseUrl: string, name: string): Promise<string> {
  const { pool, close } = connectDatabase(databaseUrl, { max: 1 });
  try {
    const { rows } = await pool.query<{ pms_ref: string | null }>(
      'select pms_ref from appointment_reasons where name = $1',
      [name],
    );
    const ref = rows[0]?.pms_ref;
    if (!ref) throw new Error(`the demo reason ${name} has no practice system reference`);
    return ref;
  } finally {
    await close();
  }
}
