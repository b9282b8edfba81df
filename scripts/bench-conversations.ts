/**
 * `npm run bench:conversations` (issue 66: "10,000 conversations of a practice list in under 100 ms at the
 * API (p99)", decision 0169). Seeds bench:api's one-practice group data set (BENCH_SCALE, 0.002: 2,000
 * clients), gives its practice 10,000 conversations of three messages each in set-based SQL (one open per
 * client, the rest closed, a minute or more apart), starts the API (tsx, logs at `warn`) and drives the
 * practice system's list, GET /integration/v1/practices/{practice_ref}/conversations, with a machine
 * token at a fixed rate (open loop, BENCH_RATE 50/s for BENCH_SECONDS 20 each): the first page, a page
 * 5,000 deep by its cursor, and the open and closed ones alone; prints p50/p95/p99/max and the plan of
 * the page's query. Prints numbers; asserts nothing (decision 0023).
 */
import pg from 'pg';
import { startIssuerAndApis } from './lib/bench/bench-api-processes.ts';
import { prepareGroupDatabase } from './lib/bench/group-database.ts';
import { logGetLoads, send } from './lib/bench/open-loop.ts';
import { loadAverage } from './lib/bench/process-cpu.ts';

const scale = Number(process.env.BENCH_SCALE ?? '0.002');
const rate = Number(process.env.BENCH_RATE ?? '50');
const seconds = Number(process.env.BENCH_SECONDS ?? '20');
const conversationCount = 10_000;
const machineClientId = 'bench-practice-system';
// Ports no other bench uses (scripts/*.ts); not 4190, which fetch refuses.
const ports = { api: 4103, issuer: 4203, embeddedPostgres: 54376 };
const apiUrl = `http://127.0.0.1:${ports.api}`;
const log = (line: string) => console.log(line);

log(
  `Load average ${loadAverage()} at the start; the load generator, the API and PostgreSQL share this machine.`,
);
const database = await prepareGroupDatabase(scale, ports.embeddedPostgres, log, {
  database: 'bench_conversations',
});
const stops: (() => Promise<void>)[] = [database.stop];
try {
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  stops.push(() => pool.end());
  const practiceRef = await seedConversations(pool);
  const { issuer } = await startIssuerAndApis({
    count: 1,
    ports,
    databaseUrl: database.url,
    env: { LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '1000000', INTEGRATION_CLIENT_IDS: machineClientId },
    stops,
  });

  const headers = { authorization: await issuer.machineBearer(machineClientId) };
  const list = `/integration/v1/practices/${encodeURIComponent(practiceRef)}/conversations`;
  const deep = await cursorAfter(list, headers, 5_000);
  await logGetLoads({
    baseUrl: apiUrl,
    rate,
    seconds,
    headers,
    warmUpPath: list,
    paths: [
      [`first page of ${conversationCount} (50)`, list],
      ['a page 5,000 deep, by its cursor', `${list}?after=${deep}`],
      ['open ones only', `${list}?status=open`],
      ['closed ones only', `${list}?status=closed`],
    ],
    log,
  });
  log(`(goal: p99 under 100 ms; ${rate} req/s for ${seconds} s each, open loop, one API process)`);
  const { rows: practice } = await pool.query<{ id: number }>(`select id from practices where pms_ref = $1`, [
    practiceRef,
  ]);
  const plan = await pool.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, buffers, costs off)
     select c.id, (select count(*) from conversation_messages m
                    where m.conversation_id = c.id and m.author = 'client' and m.read_at is null)
       from conversations c join clients cl on cl.id = c.client_id left join pets pe on pe.id = c.pet_id
      where c.practice_id = $1 order by c.last_message_at desc, c.id desc limit 51`,
    [practice[0]!.id],
  );
  log('Plan of the first page:');
  for (const row of plan.rows) log(`  ${row['QUERY PLAN']}`);
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => {});
}

/** Pages of 200 until `depth` conversations are behind: the cursor a practice system would hold there. */
async function cursorAfter(path: string, headers: Record<string, string>, depth: number): Promise<string> {
  let after: string | null = null;
  for (let seen = 0; seen < depth; seen += 200) {
    const answer = await send(apiUrl, {
      method: 'GET',
      path: `${path}?limit=200${after ? `&after=${after}` : ''}`,
      headers,
    });
    if (answer.status !== 200)
      throw new Error(`The list answered ${answer.status}: ${answer.body.slice(0, 300)}`);
    after = (JSON.parse(answer.body) as { next_after: string | null }).next_after;
    if (after === null) throw new Error(`The list ended before ${depth} conversations`);
  }
  return after!;
}

/**
 * The practice with the most clients gets a reference and 10,000 conversations, its clients in turn: each
 * client's newest open (one open per client and practice, the database's rule), the rest closed; three
 * messages each (the owner's, the answer, the owner's again, the first read).
 */
async function seedConversations(pool: pg.Pool): Promise<string> {
  const started = performance.now();
  const { rows } = await pool.query<{ id: number; pms_ref: string }>(
    `update practices set pms_ref = coalesce(pms_ref, 'BENCH-PRACTICE-' || id)
      where id = (select home_practice_id from clients group by 1 order by count(*) desc limit 1)
      returning id, pms_ref`,
  );
  const practice = rows[0];
  if (!practice) throw new Error('no practice with clients in the bench data set');
  await pool.query(
    `with owners as (select id, row_number() over (order by id) as rn, count(*) over () as n
                       from clients where home_practice_id = $1),
          wanted as (select g, now() - g * interval '1 minute' - (g % 7) * interval '1 second' as at
                       from generate_series(1, $2::int) g)
     insert into conversations (practice_id, client_id, status, last_message_at, closed_at, created_at)
     select $1, o.id, case when g <= o.n then 'open' else 'closed' end::conversation_status, w.at,
            case when g > o.n then w.at + interval '10 minutes' end, w.at - interval '1 hour'
       from wanted w join owners o on o.rn = (w.g - 1) % o.n + 1`,
    [practice.id, conversationCount],
  );
  await pool.query(
    `insert into conversation_messages (conversation_id, author, author_name, body, request_id, pms_ref, read_at,
                                        created_at)
     select c.id, case m when 2 then 'practice' else 'client' end::message_author,
            case m when 2 then 'Sam, veterinary nurse' end, 'Bench message ' || m,
            case when m <> 2 then gen_random_uuid() end, case m when 2 then 'BENCH-MSG-' || c.id end,
            case m when 1 then c.last_message_at - interval '30 minutes' end,
            c.last_message_at - (3 - m) * interval '20 minutes'
       from conversations c cross join generate_series(1, 3) m where c.practice_id = $1`,
    [practice.id],
  );
  await pool.query('analyze conversations, conversation_messages');
  const { rows: counted } = await pool.query<{ conversations: number; messages: number }>(
    `select (select count(*) from conversations where practice_id = $1)::int as conversations,
            (select count(*) from conversation_messages)::int as messages`,
    [practice.id],
  );
  log(
    `Seeded ${counted[0]!.conversations} conversations of ${practice.pms_ref} with ${counted[0]!.messages} ` +
      `messages in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return practice.pms_ref;
}
