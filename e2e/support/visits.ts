import { connectDatabase } from '@vet/db/connection';
import { inject } from 'vitest';

/** A visit's appointments as stored (decision 0117): pets, statuses, clinicians and times, first to last. */
export async function visitRows(visitId: string) {
  const { pool, close } = connectDatabase(inject('e2eDatabaseUrl'), { max: 1 });
  try {
    const { rows } = await pool.query<{
      pet_id: number;
      status: string;
      clinician_id: number;
      starts_at: Date;
      ends_at: Date;
    }>(
      'select pet_id, status, clinician_id, starts_at, ends_at from appointments where visit_id = $1 order by starts_at, id',
      [visitId],
    );
    return rows;
  } finally {
    await close();
  }
}

/** A journey leaves no appointment behind: other journeys find the demo client's pets as seeded. */
export async function deleteVisit(visitId: string) {
  const { pool, close } = connectDatabase(inject('e2eDatabaseUrl'), { max: 1 });
  try {
    await pool.query('delete from appointments where visit_id = $1', [visitId]);
  } finally {
    await close();
  }
}
