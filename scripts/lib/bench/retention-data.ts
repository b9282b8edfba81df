import { defaultRetentionPeriods } from '../../../apps/api/src/config/retention.ts';
import type pg from 'pg';

/**
 * A year of records past their retention period for `practices` practices of the group (bench:retention),
 * written set-based beside the group's own data: each kind dated from just past its period to a year before
 * that, so the job removes a year's worth. Per practice and year (the group data set's practice: 2,000
 * clients, about 10,000 appointments a year): three e-mails, a text message, two reminders, three practice
 * events (each delivered to one endpoint) an appointment; a consent change and a detail change for half
 * the clients; an audit entry an appointment; a guest hold for a tenth of the appointments; a session an
 * appointment. The rows name no one real.
 */
export const retentionRowsPerPracticeYear = {
  email_outbox: 30_000,
  sms_outbox: 10_000,
  appointment_reminders: 20_000,
  practice_events: 30_000,
  webhook_deliveries: 30_000,
  client_changes: 2_000,
  audit_log: 10_000,
  soft_bookings: 1_000,
  web_sessions: 10_000,
};

const day = 86_400;
const { sentMessageDays, reminderDays, practiceEventDays, consentYears, auditYears } =
  defaultRetentionPeriods;

/** `past(d)`: a time spread over the year that ends d days ago (row n of count). */
const past = (days: number) =>
  `now() - make_interval(secs => ${(days + 1) * day} + (n::float / count) * ${365 * day})`;

export async function writeExpiredRecords(pool: pg.Pool, practices: number): Promise<number> {
  const rows = (table: keyof typeof retentionRowsPerPracticeYear) =>
    Math.round(retentionRowsPerPracticeYear[table] * practices);
  const series = (table: keyof typeof retentionRowsPerPracticeYear) =>
    `from (select n, ${rows(table)} as count from generate_series(1, ${rows(table)}) n) s`;
  const [endpoint] = (
    await pool.query<{ id: number }>(
      `insert into webhook_endpoints (name, url, secret) values ('bench-retention', 'https://pms.example/hook', 'sealed')
       on conflict (name) do update set name = excluded.name returning id`,
    )
  ).rows;
  const statements = [
    `insert into email_outbox (to_address, subject, text_body, html_body, status, sent_at, created_at)
     select 'owner' || n || '@example.test', 'Your appointment', repeat('Body text. ', 60), repeat('<p>Body</p>', 60),
            'sent', ${past(sentMessageDays)}, ${past(sentMessageDays)} ${series('email_outbox')}`,
    `insert into sms_outbox (to_number, body, status, sent_at, created_at)
     select '+447700' || lpad((n % 1000000)::text, 6, '0'), 'Reminder: your pet''s appointment tomorrow', 'sent',
            ${past(sentMessageDays)}, ${past(sentMessageDays)} ${series('sms_outbox')}`,
    `insert into appointment_reminders (appointment_id, kind, channel, appointment_starts_at, due_at, status, created_at, handled_at)
     select a.id, 'bench-' || n, 'email', ${past(reminderDays)}, ${past(reminderDays)}, 'sent', ${past(reminderDays)}, ${past(reminderDays)}
       ${series('appointment_reminders')}
       join (select id, row_number() over (order by id) as rn from (select id from appointments order by id limit 5000) x) a
         on a.rn = n % 5000 + 1`,
    `insert into practice_events (position, type, record_kind, record_id, data, occurred_at)
     select coalesce((select max(position) from practice_events), 0) + n, 'appointment.booked', 'appointment', n, '{}'::jsonb,
            ${past(practiceEventDays)} ${series('practice_events')}`,
    `insert into webhook_deliveries (endpoint_id, event_id, position, record_key, status, attempts, delivered_at, created_at)
     select ${endpoint!.id}, e.id, e.position, 'appointment:' || e.record_id, 'delivered', 1, e.occurred_at, e.occurred_at
       from practice_events e where e.type = 'appointment.booked' and e.occurred_at < now() - interval '${practiceEventDays} days'
       on conflict do nothing`,
    // Each client changes a cell twice, both more than six years ago: the first is proof no longer needed.
    `insert into client_changes (client_id, kind, changed_at, actor_issuer, actor_subject, changes)
     select c.id, 'contact_preferences', now() - make_interval(days => ${consentYears * 366 + 30} + step * 10),
            'https://idp.example', 'bench', '{"preferences":[{"purpose":"reminders","channel":"sms","from":false,"to":true}]}'::jsonb
       from (select id from clients order by id limit ${Math.ceil(rows('client_changes') / 2)}) c, generate_series(0, 1) step`,
    `insert into audit_log (occurred_at, actor, action, entity_type, entity_id)
     select ${past(auditYears * 366)}, 'system', 'bench', 'appointment', n::text ${series('audit_log')}`,
    `insert into soft_bookings (practice_id, clinician_id, reason_id, starts_at, ends_at, expires_at, status,
                                first_name, last_name, email, pet_name, species_id)
     select c.practice_id, c.id, r.id, ${past(30)}, ${past(30)} + interval '15 minutes', ${past(30)}, 'Expired',
            'Guest', 'Person' || n, 'guest' || n || '@example.test', 'Rex', sp.id
       ${series('soft_bookings')}
       cross join (select id, practice_id from clinicians order by id limit 1) c
       cross join (select id from appointment_reasons order by id limit 1) r
       cross join (select id from species order by id limit 1) sp`,
    // With a refresh token: the API's minute sweep leaves those to the web, which may never come back.
    `insert into web_sessions (token_hash, identity_issuer, identity_subject, provider_id, access_token,
                               refresh_token, access_token_expires_at, expires_at, last_seen_at)
     select 'bench-' || gen_random_uuid(), 'https://idp.example', 'bench-' || n, 'auth0', 'token', 'refresh',
            ${past(7)}, ${past(7)}, ${past(7)} ${series('web_sessions')}`,
  ];
  let written = 0;
  for (const statement of statements) written += (await pool.query(statement)).rowCount ?? 0;
  await pool.query('analyze');
  return written;
}
