/**
 * `npm run bench:list-values`: mapping one unmapped value of a practice system (decision 0131) over
 * 100,000 pets. On a new database (DATABASE_URL's server or an embedded one) holding the portal's lists,
 * one practice, 50,000 clients and 100,000 dogs all naming the breed value “Marsh Terrier”, it times
 * `mapListValue` to Border Terrier while a loop beside it takes, again and again, a lock a booking would
 * take on a pet the mapping is about to move (lock_timeout 0: waiting as long as it takes), and prints the
 * mapping's seconds and the longest wait beside the targets (under 10 s; no wait of a second). Three runs,
 * the pets reset in between: beside an online booking's own row locks, then beside the stricter FOR
 * UPDATE of the pet's row, then (booking's locks) with the value's 100,000 pets scattered among a group's
 * 1,500,000, as an export's are; each beside the same lock on pets the mapping never touches (the
 * machine's own latency). Prints numbers; asserts nothing (decision 0023). BENCH_KEEP=1 keeps the
 * database afterwards.
 */
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { connectDatabase } from '@vet/db/connection';
import { loadReferenceLists } from '@vet/db/reference/load-reference-lists';
import { listKey } from '@vet/db/reference/list-key';
import { createScratchDatabase } from '@vet/db/scratch-database';
import { mapListValue } from '@vet/practice-import/list-values/list-values';
import { startBenchDatabaseServer } from './lib/bench/group-database.ts';

const PETS = 100_000;
const VALUE = { list: 'breeds', species: 'Dog', text: 'Marsh Terrier', entry: 'Border Terrier' } as const;
const TARGETS = { mappingSeconds: 10, lockWaitMs: 1_000 };
/** The loop locks a pet among the first this many still carrying the value: the batch being moved, or the next. */
const FRONT = 1_000;
/** The loop's pause between two locks: a busy desk's bookings, not a flood competing for the cores. */
const PAUSE_MS = 5;
/** Pets naming no value, never touched by the mapping: the same lock on them is the machine's latency. */
const UNTOUCHED = 1_000;
/**
 * The last run's pets table: a group's (bench:import's at scale 1), where the value's pets are scattered,
 * one in STRIDE, as an export's are, rather than the whole table.
 */
const GROUP_PETS = 1_500_000;
const STRIDE = 15;

/**
 * The locks taken beside the mapping, each in one statement on a pet and its client. An online booking
 * (apps/api/src/appointments/booking) takes advisory locks of its own, which the mapping never takes, and
 * its appointment's insert takes its foreign keys' FOR KEY SHARE of the pet's row (appointments' (pet_id,
 * client_id) and pet_id) and of the client's: the only row locks it meets the mapping on. FOR UPDATE of
 * the pet's row is stricter than anything a booking takes: the wait for a whole batch's transaction.
 */
const LOCKS = {
  booking: {
    title: "an online booking's row locks (FOR KEY SHARE of the pet and its client)",
    sql: `select 1 from only pets p join only clients c on c.id = p.client_id
           where p.id = $1 and p.client_id = $2 for key share of p, c`,
  },
  forUpdate: {
    title: "the pet's row FOR UPDATE (stricter than a booking)",
    sql: 'select 1 from only pets p where p.id = $1 and p.client_id = $2 for update of p',
  },
} as const;
type Lock = (typeof LOCKS)[keyof typeof LOCKS];

const log = (line: string) => console.log(line);
const count = (n: number) => n.toLocaleString('en-GB');
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

const server = await startBenchDatabaseServer('.data/bench-list-values-postgres', 54398);
try {
  const database = await createScratchDatabase(server.url, 'bench_list_values');
  const handle = connectDatabase(database.url, { max: 2 });
  try {
    await loadReferenceLists(handle.pool);
    const started = performance.now();
    const seeded = await seed(handle.pool);
    log(
      `Seeded 1 practice, ${count(PETS / 2)} clients and ${count(PETS)} ${VALUE.species.toLowerCase()}s naming ` +
        `the unmapped ${VALUE.list} value “${VALUE.text}” (and ${count(UNTOUCHED)} naming none) in ` +
        `${seconds(performance.now() - started)}.`,
    );
    const alone = `its ${count(PETS)} pets`;
    await mapBeside(handle.pool, database.url, seeded, LOCKS.booking, alone);
    await reset(handle.pool, seeded);
    await mapBeside(handle.pool, database.url, seeded, LOCKS.forUpdate, alone);
    const growing = performance.now();
    const scattered = await amongGroupPets(handle.pool, seeded);
    log(
      `\nAdded pets to ${count(GROUP_PETS)}, every ${STRIDE}th naming the value again, in ` +
        `${seconds(performance.now() - growing)}.`,
    );
    const among = `${count(PETS)} pets among ${count(GROUP_PETS)} (every ${STRIDE}th)`;
    await mapBeside(handle.pool, database.url, scattered, LOCKS.booking, among);
  } finally {
    await handle.close();
    if (process.env.BENCH_KEEP === '1') log(`Kept the database: ${database.url}`);
    else await database.drop();
  }
} finally {
  await server.stop();
}

function seconds(ms: number) {
  return `${(ms / 1000).toFixed(1)} s`;
}

/**
 * The value's id; the ids of the pets naming it (every `stride`th id of a range) and a range of ids of
 * pets that do not (but for those of the first range).
 */
interface Seeded {
  valueId: number;
  moved: { from: number; to: number; stride: number };
  untouched: { from: number; to: number };
}

/**
 * The practice, its clients (two dogs each naming the value) and the value, and UNTOUCHED dogs naming
 * none, in set-based SQL; then analysed.
 */
async function seed(pool: pg.Pool): Promise<Seeded> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const { rows: practice } = await client.query<{ id: number }>(
      `insert into practices (name, address_line1, town, postcode, phone, email)
       values ('Bench Practice', '1 High Street', 'Benchton', 'BN1 1AA', '01632 000001', 'practice@bench.example')
       returning id`,
    );
    await client.query(
      `insert into clients (pms_ref, first_name, last_name, home_practice_id, last_name_key)
       select 'CLI-' || lpad(c::text, 7, '0'), 'Client', 'Bench' || c, $1, 'bench' || c
         from generate_series(1, $2::int) c`,
      [practice[0]?.id, PETS / 2],
    );
    const { rows: value } = await client.query<{ id: number }>(
      `insert into practice_list_values (list, practice_system, species_id, key, text)
       values ($1, 'group', (select id from species where name = $2), $3, $4) returning id`,
      [VALUE.list, VALUE.species, listKey(VALUE.text), VALUE.text],
    );
    const valueId = value[0]?.id;
    if (valueId === undefined) throw new Error('the value was not stored');
    // Imported pets: a reference and the import's fingerprint (which the mapping's update clears).
    await client.query(
      `insert into pets (pms_ref, client_id, name, species_id, breed_value_id, sex, date_of_birth,
                         import_fingerprint)
       select 'PET-' || lpad(n::text, 7, '0'), (select min(id) from clients) + (n - 1) / 2, 'Pet ' || n,
              (select id from species where name = $2), $1, 'Male', current_date - 1000 - n % 3000,
              gen_random_uuid()
         from generate_series(1, $3::int) n`,
      [valueId, VALUE.species, PETS],
    );
    // Pets the mapping never touches: where the lock's own time (the machine's latency) is measured.
    await client.query(
      `insert into pets (pms_ref, client_id, name, species_id, sex, date_of_birth, import_fingerprint)
       select 'PET-' || lpad((n + $2)::text, 7, '0'), (select min(id) from clients) + n % $3, 'Pet ' || n,
              (select id from species where name = $1), 'Female', current_date - 1000, gen_random_uuid()
         from generate_series(1, $4::int) n`,
      [VALUE.species, PETS, PETS / 2, UNTOUCHED],
    );
    const { rows: ranges } = await client.query<{ moved: boolean; from: number; to: number }>(
      `select breed_value_id is not null as moved, min(id) as from, max(id) as to from pets
        group by breed_value_id is not null`,
    );
    await client.query('commit');
    await client.query('vacuum analyze clients, pets, practice_list_values');
    const range = (moved: boolean) => {
      const found = ranges.find((r) => r.moved === moved);
      if (!found) throw new Error('the pets were not stored');
      return { from: found.from, to: found.to };
    };
    return { valueId, moved: { ...range(true), stride: 1 }, untouched: range(false) };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Every pet the mapping moved names the value again, unmapped, with a fingerprint again (the mapping's
 * update cleared it, as it does an imported record's): the next run starts as the first did.
 */
async function reset(pool: pg.Pool, { valueId, moved }: Seeded) {
  await pool.query(
    `update pets set breed_id = null, breed_value_id = $1, import_fingerprint = gen_random_uuid()
      where id between $2 and $3`,
    [valueId, moved.from, moved.to],
  );
  await pool.query('update practice_list_values set mapped_breed_id = null, mapped_at = null where id = $1', [
    valueId,
  ]);
  await pool.query('vacuum analyze pets, practice_list_values');
}

/**
 * A group's pets table: pets naming none up to GROUP_PETS, then the value, unmapped, on every STRIDE-th
 * pet of them all (100,000 again), with a fingerprint; the pets it was mapped on before keep the entry.
 */
async function amongGroupPets(pool: pg.Pool, { valueId }: Seeded): Promise<Seeded> {
  const { rows: added } = await pool.query<{ from: number; to: number }>(
    `with added as (
       insert into pets (pms_ref, client_id, name, species_id, sex, date_of_birth, import_fingerprint)
       select 'PET-' || lpad((n + $1)::text, 7, '0'), (select min(id) from clients) + n % $2, 'Pet ' || n,
              (select id from species where name = $3), 'Female', current_date - 1000 - n % 3000,
              gen_random_uuid()
         from generate_series(1, $4::int) n
       returning id)
     select (select min(id) from pets) as from, max(id) as to from added`,
    [PETS + UNTOUCHED, PETS / 2, VALUE.species, GROUP_PETS - PETS - UNTOUCHED],
  );
  const range = added[0];
  if (!range) throw new Error('the pets were not stored');
  await pool.query(
    `update pets set breed_id = null, breed_value_id = $1, import_fingerprint = gen_random_uuid()
      where (id - $2) % $3 = 0`,
    [valueId, range.from, STRIDE],
  );
  await pool.query('update practice_list_values set mapped_breed_id = null, mapped_at = null where id = $1', [
    valueId,
  ]);
  await pool.query('vacuum analyze pets, practice_list_values');
  return { valueId, moved: { ...range, stride: STRIDE }, untouched: range };
}

/** Maps the value while a loop takes `lock` on pets at the mapping's front; prints both. */
async function mapBeside(pool: pg.Pool, url: string, seeded: Seeded, lock: Lock, where: string) {
  log(
    `\nMapping “${VALUE.text}” to ${VALUE.entry} on ${where}, beside ${lock.title}… (load average ${load()})`,
  );
  let mapping = true;
  const locker = lockWhile(url, seeded, lock.sql, () => mapping);
  const started = performance.now();
  let mapped;
  try {
    mapped = await mapListValue(pool, seeded.valueId, { entry: VALUE.entry });
  } finally {
    mapping = false;
  }
  const mappingMs = performance.now() - started;
  const waits = await locker;
  const { rows } = await pool.query<{ left: number }>(
    'select count(*)::int as left from pets where breed_value_id = $1',
    [seeded.valueId],
  );
  const met = (ok: boolean) => (ok ? 'met' : 'MISSED');
  log(
    `  mapping: ${seconds(mappingMs)} (target < ${TARGETS.mappingSeconds} s: ${met(mappingMs < TARGETS.mappingSeconds * 1000)}), ` +
      `${count(mapped.records)} pets moved to ${mapped.entry.name} (${count(Math.round(mapped.records / (mappingMs / 1000)))} a second), ` +
      `${count(rows[0]?.left ?? 0)} left naming the value`,
  );
  const front = summary(waits.front);
  log(
    `  lock waits on pets among the next ${count(FRONT)} the mapping moves: ${count(waits.front.length)} taken, ` +
      `longest ${front.longest} ms (target < ${count(TARGETS.lockWaitMs)} ms: ${met(Math.max(0, ...waits.front) < TARGETS.lockWaitMs)}), ` +
      `${front.rest}`,
  );
  const control = summary(waits.untouched);
  log(
    `  the same lock on pets it never touches, in turn with those (the machine's own latency): longest ${control.longest} ms, ${control.rest}`,
  );
  log(`  load average after: ${load()}`);
}

/** The longest, median and 99th percentile of lock times (ms), and how many took 10 ms or more. */
function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (share: number) =>
    (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0).toFixed(1);
  return {
    longest: (sorted.at(-1) ?? 0).toFixed(1),
    rest: `p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, ${count(sorted.filter((t) => t >= 10).length)} of 10 ms or more`,
  };
}

/**
 * Until `running` answers false: takes `lockSql`, in a transaction of its own with no lock_timeout, on a
 * pet among the FRONT next the mapping moves (it moves them in id order: the batch being moved, or the
 * next), then on a pet it never touches, timing each statement (the wait, plus a round trip); commits.
 * The front is found by primary-key reads alone, so that the loop costs the mapping little of the cores.
 */
async function lockWhile(url: string, seeded: Seeded, lockSql: string, running: () => boolean) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const waits = { front: [] as number[], untouched: [] as number[] };
  const petRow = async (id: number) =>
    (
      await client.query<{ client_id: number; breed_value_id: number | null }>(
        'select client_id, breed_value_id from pets where id = $1',
        [id],
      )
    ).rows[0];
  const timedLock = async (id: number, clientId: number) => {
    await client.query('begin');
    const started = performance.now();
    await client.query(lockSql, [id, clientId]);
    const ms = performance.now() - started;
    await client.query('commit');
    return ms;
  };
  const { moved, untouched } = seeded;
  const carries = (id: number) =>
    id >= moved.from && id <= moved.to && (id - moved.from) % moved.stride === 0;
  let next = moved.from;
  try {
    await client.query('set lock_timeout = 0');
    while (running()) {
      const id = next + moved.stride * Math.floor(Math.random() * FRONT);
      const pet = id <= moved.to ? await petRow(id) : undefined;
      if (pet && pet.breed_value_id === null) {
        // Moved and committed already: the front is further on.
        next = id + moved.stride;
        continue;
      }
      if (pet) {
        waits.front.push(await timedLock(id, pet.client_id));
        const drawn = untouched.from + Math.floor(Math.random() * (untouched.to - untouched.from));
        const other = carries(drawn) ? drawn + 1 : drawn;
        const otherPet = await petRow(other);
        if (otherPet) waits.untouched.push(await timedLock(other, otherPet.client_id));
      }
      await sleep(PAUSE_MS);
    }
  } finally {
    await client.end();
  }
  return waits;
}
