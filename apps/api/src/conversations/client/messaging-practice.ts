import type { MessagingPractice } from '@vet/contracts/messages';
import { isoDayOfWeek, parseTime, practiceDate, practiceMinutesOfDay } from '@vet/contracts/practice-clock';
import type { Executor } from '@vet/db/connection';
import { sql } from 'drizzle-orm';

type PracticeRow = {
  id: number;
  name: string;
  phone: string;
  message_answer_hours: number | null;
  opening_hours: { dayOfWeek: number; opensAt: string; closesAt: string }[];
};

/** Open at `now` by the practice's opening hours, read in UK time (every practice keeps it: decision 0055). */
export function openAt(hours: MessagingPractice['openingHours'], now: Date): boolean {
  const today = isoDayOfWeek(practiceDate(now));
  const minute = practiceMinutesOfDay(now);
  return hours.some(
    (h) => h.dayOfWeek === today && parseTime(h.opensAt) <= minute && minute < parseTime(h.closesAt),
  );
}

/**
 * What the owner is told before writing (issue 66): the answer time, the opening hours, the number to
 * call and whether the practice is open now. Null when the practice does not exist.
 */
export async function messagingPractice(
  db: Executor,
  practiceId: number,
  now: Date,
): Promise<MessagingPractice | null> {
  const { rows } = await db.execute<PracticeRow>(sql`
    select p.id, p.name, p.phone, p.message_answer_hours,
      coalesce((select json_agg(json_build_object('dayOfWeek', h.day_of_week,
          'opensAt', to_char(h.opens_at, 'HH24:MI'), 'closesAt', to_char(h.closes_at, 'HH24:MI'))
          order by h.day_of_week)
        from practice_opening_hours h where h.practice_id = p.id), '[]'::json) as opening_hours
    from practices p where p.id = ${practiceId}`);
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    answerWithinHours: row.message_answer_hours,
    openingHours: row.opening_hours,
    openNow: openAt(row.opening_hours, now),
  };
}
