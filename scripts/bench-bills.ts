/**
 * `npm run bench:bills` (issue 63, decision 0153): the first page of `/bills` for a client with 500 bills.
 * Seeds bench:api's one-practice group data set (BENCH_SCALE, 0.002: 2,000 clients), gives every client
 * 20 estimates and invoices of three lines and one linked client 500 (half each, over two years, lines for
 * its pets), starts the API (tsx, logs at `warn`) and prints, at a fixed rate (open loop, BENCH_RATE 50/s
 * for BENCH_SECONDS 20): GET /v2/bills, its second page and its pet filter, p50/p95/p99 (goal: the first
 * page under 200 ms at p99), and the plan of the page's query. Prints numbers; asserts nothing.
 */
import { join } from 'node:path';
import pg from 'pg';
import { benchApiEnv } from './lib/bench/bench-api-processes.ts';
import { prepareGroupDatabase } from './lib/bench/group-database.ts';
import { logGetLoads, send } from './lib/bench/open-loop.ts';
import { repoRoot } from './lib/shared/paths.ts';
import { spawnManaged, waitForHttp } from './lib/shared/processes.ts';
import { startTokenIssuer } from './lib/shared/token-issuer.ts';

const scale = Number(process.env.BENCH_SCALE ?? '0.002');
const rate = Number(process.env.BENCH_RATE ?? '50');
const seconds = Number(process.env.BENCH_SECONDS ?? '20');
// Not 4190: fetch refuses it (a "bad port", sieve), and the API fetches the issuer's keys.
const ports = { api: 4095, issuer: 4195, embeddedPostgres: 54370 };
const apiUrl = `http://127.0.0.1:${ports.api}`;
const billsOfOne = 500;
const billsOfEach = 20;
const log = (line: string) => console.log(line);

const database = await prepareGroupDatabase(scale, ports.embeddedPostgres, log, { database: 'bench_bills' });
const stops: (() => Promise<void>)[] = [database.stop];
try {
  const issuer = await startTokenIssuer(ports.issuer, `http://localhost:${ports.api}`);
  stops.push(issuer.close);
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  stops.push(() => pool.end());
  const client = await seedBills(pool, issuer.issuer);
  const authorization = await issuer.bearer('bench-bills');
  const api = spawnManaged({
    name: 'API',
    command: process.execPath,
    args: ['--import', 'tsx', join(repoRoot, 'apps/api/src/server.ts')],
    cwd: repoRoot,
    env: benchApiEnv({ databaseUrl: database.url, port: ports.api, issuer, logLevel: 'warn' }),
    output: 'collect',
  });
  stops.push(api.stop);
  await waitForHttp(`${apiUrl}/readyz`, api);

  const headers = { authorization };
  const first = await send(apiUrl, { method: 'GET', path: '/v2/bills', headers });
  const firstPage = JSON.parse(first.body) as { items: unknown[]; nextCursor: string | null };
  if (first.status !== 200 || firstPage.items.length === 0 || !firstPage.nextCursor)
    throw new Error(`GET /v2/bills answered ${first.status}: ${first.body.slice(0, 200)}\n${api.output()}`);
  await logGetLoads({
    baseUrl: apiUrl,
    rate,
    seconds,
    headers,
    warmUpPath: '/v2/bills',
    paths: [
      [`first page GET /v2/bills (${billsOfOne} bills)`, '/v2/bills'],
      ['second page GET /v2/bills?cursor=…', `/v2/bills?cursor=${firstPage.nextCursor}`],
      ['one pet GET /v2/bills?petId=…', `/v2/bills?petId=${client.petId}`],
    ],
    log,
  });
  log(`(goal: the first page under 200 ms at p99; ${rate} req/s for ${seconds} s each, open loop)`);
  const plan = await pool.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, buffers, costs off)
     select * from ((select 'estimate' as kind, id, issued_on from practice_estimates where client_id = $1
                      order by issued_on desc nulls last, id desc nulls last limit 21)
              union all (select 'invoice', id, issued_on from practice_invoices where client_id = $1
                      order by issued_on desc nulls last, id desc nulls last limit 21)) b
     order by issued_on desc, kind desc, id desc limit 21`,
    [client.clientId],
  );
  log('Plan of the page (its two index scans):');
  for (const row of plan.rows) log(`  ${row['QUERY PLAN']}`);
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => {});
}

/**
 * Every client's 20 bills and the bench client's 500, in set-based SQL: three lines each (£10 + VAT),
 * issued over two years, lines for the client's first pet. Returns the linked client and its pet.
 */
async function seedBills(pool: pg.Pool, issuer: string) {
  const started = performance.now();
  const { rows } = await pool.query<{ client_id: number; pet_id: number }>(
    `update clients set identity_issuer = $1, identity_subject = 'bench-bills', linked_at = now()
      where id = (select client_id from pets order by client_id limit 1)
      returning id as client_id, (select min(id) from pets where client_id = clients.id) as pet_id`,
    [issuer],
  );
  const client = rows[0];
  if (!client) throw new Error('no client with pets in the bench data set');
  for (const kind of ['estimate', 'invoice'] as const) {
    const [bills, lines] =
      kind === 'estimate'
        ? ['practice_estimates', 'practice_estimate_lines']
        : ['practice_invoices', 'practice_invoice_lines'];
    await pool.query(
      `with wanted as (
         select c.id as client_id, c.home_practice_id as practice_id, n
         from clients c cross join lateral generate_series(1, case when c.id = $1::int then $2::int else $3::int end / 2) n)
       insert into ${bills} (pms_ref, practice_id, client_id, title, issued_on, total_pence, vat_pence)
       select '${kind}-' || client_id || '-' || n, practice_id, client_id, 'Visit ' || n,
         current_date - ((n * 7919) % 730), 3600, 600
       from wanted`,
      [client.client_id, billsOfOne, billsOfEach],
    );
    await pool.query(
      `insert into ${lines} (${kind}_id, line_no, pet_id, description, quantity, unit_price_pence, vat_rate, total_pence)
       select b.id, l, (select min(p.id) from pets p where p.client_id = b.client_id), 'Item ' || l, 1, 1000,
         'standard', 1200
       from ${bills} b cross join generate_series(1, 3) l`,
    );
  }
  await pool.query(
    'analyze practice_estimates, practice_invoices, practice_estimate_lines, practice_invoice_lines',
  );
  const { rows: counted } = await pool.query<{ bills: number; mine: number }>(
    `select (select count(*) from practice_estimates)::int + (select count(*) from practice_invoices)::int as bills,
       (select count(*) from practice_estimates where client_id = $1)::int
       + (select count(*) from practice_invoices where client_id = $1)::int as mine`,
    [client.client_id],
  );
  log(
    `Seeded ${counted[0]!.bills} bills of 3 lines (${counted[0]!.mine} of the bench client) in ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return { clientId: client.client_id, petId: client.pet_id };
}
