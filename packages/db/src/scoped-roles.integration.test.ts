import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, isTable } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from './connection.ts';
import { scopedTables } from './database-roles.ts';
import { requireCurrentSchema, runMigrations } from './migrate.ts';
import { outcome, rolesDatabase } from './testing/roles-database.ts';

/**
 * The web's and the identity provider's roles (decision 0138): each reaches only its own tables, on a
 * database of this file's own, set up as deploy/postgres-roles.sql does, then migrated and granted as the
 * migrate step does with DATABASE_APP_ROLES=<app>,<web>:web,<idp>:idp. Roles belong to the whole server, so
 * theirs are named for this run and dropped after it.
 */
const database = rolesDatabase(inject('databaseUrl'), 'portal_scoped', ['migrate', 'app', 'web', 'idp'], {
  migrating: 'migrate',
  temporary: ['app'],
});
const { run, roles, urlAs } = database;

let web: DatabaseHandle;
let idp: DatabaseHandle;

beforeAll(async () => {
  await database.create();
  const migrator = connectDatabase(urlAs(roles.migrate), { max: 2 });
  try {
    const grantTo = [roles.app, `${roles.web}:web`, `${roles.idp}:idp`];
    await runMigrations(migrator.pool, { grantTo });
    // A second step changes nothing, and gives the scoped roles nothing more.
    await runMigrations(migrator.pool, { grantTo });
  } finally {
    await migrator.close();
  }
  web = connectDatabase(urlAs(roles.web), { max: 1 });
  idp = connectDatabase(urlAs(roles.idp), { max: 1 });
}, 120_000);

afterAll(async () => {
  await web?.close();
  await idp?.close();
  await database.drop();
});

const session = `insert into web_sessions (token_hash, identity_issuer, identity_subject, provider_id, access_token,
  access_token_expires_at, expires_at) values ($1, 'https://id.example.org', 'sub-1', 'portal', 'token', now(), now())`;

describe('the web’s role (decision 0138)', () => {
  it('keeps its sessions: inserts, reads, updates and deletes them', async () => {
    const token = `web-${run}`;
    expect(await outcome(web.pool.query(session, [token]))).toBe('ok');
    expect(
      await outcome(
        web.pool.query('update web_sessions set last_seen_at = now() where token_hash = $1', [token]),
      ),
    ).toBe('ok');
    const { rows } = await web.pool.query('select id from web_sessions where token_hash = $1', [token]);
    expect(rows).toHaveLength(1);
    expect(await outcome(web.pool.query('delete from web_sessions where token_hash = $1', [token]))).toBe(
      'ok',
    );
  });

  it('is refused every other table, the job queue and any DDL', async () => {
    for (const statement of [
      'select * from clients',
      'select * from appointments',
      'select * from idp_accounts',
      'select * from email_outbox',
      'select * from audit_log',
      "select graphile_worker.add_job('send-email', json_build_object('outboxId', 1))",
      'select * from drizzle.__drizzle_migrations',
      'truncate web_sessions',
      'drop table web_sessions',
      'create table public.planted (id int)',
    ])
      expect(await outcome(web.pool.query(statement)), statement).toBe('42501');
  });
});

describe('the identity provider’s role (decision 0138)', () => {
  it('reaches its accounts, ends web sessions, queues an e-mail and checks the schema', async () => {
    const email = `idp-${run}@example.org`;
    expect(
      await outcome(
        idp.pool.query("insert into idp_accounts (email, password_hash) values ($1, 'scrypt$x')", [email]),
      ),
    ).toBe('ok');
    expect(
      await outcome(idp.pool.query('delete from web_sessions where identity_subject = $1', ['sub-1'])),
    ).toBe('ok');
    const queued = idp.pool.query(
      `with inserted as (insert into email_outbox (to_address, subject, text_body) values ($1, 'Hi', 'Hi') returning id)
       select graphile_worker.add_job('send-email', json_build_object('outboxId', inserted.id)) from inserted`,
      [email],
    );
    expect(await outcome(queued)).toBe('ok');
    await expect(requireCurrentSchema(idp.pool)).resolves.toBeUndefined();
  });

  it('is refused the portal’s records and any DDL', async () => {
    for (const statement of [
      'select * from clients',
      'select * from pets',
      'select * from practices',
      'select * from audit_log',
      'truncate idp_accounts',
      'alter table idp_accounts add column stolen text',
    ])
      expect(await outcome(idp.pool.query(statement)), statement).toBe('42501');
  });
});

/** The tables an app's source names: its schema imports, and those of the @vet/db and @vet/email modules it uses. */
async function tablesNamedBy(app: 'web' | 'idp'): Promise<string[]> {
  const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
  const schemaImports = (text: string) =>
    [...text.matchAll(/import \{([^}]*)\} from '(?:@vet\/db\/|\.\/)schema\/([\w-]+)(?:\.ts)?'/g)].map(
      ([, names = '', module = '']) => ({
        module,
        names: names
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean),
      }),
    );
  const found: { module: string; names: string[] }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|tsx|mjs)$/.test(entry.name) && !/\.test\.|testing/.test(path)) {
        const text = readFileSync(path, 'utf8');
        found.push(...schemaImports(text));
        for (const [, pkg, module] of text.matchAll(/from '@vet\/(db|email)\/([\w-]+)'/g))
          found.push(
            ...schemaImports(readFileSync(join(root, 'packages', pkg!, 'src', `${module}.ts`), 'utf8')),
          );
      }
    }
  };
  walk(join(root, 'apps', app, 'src'));
  const tables = new Set<string>();
  for (const { module, names } of found) {
    const exports = (await import(`./schema/${module}.ts`)) as Record<string, unknown>;
    for (const name of names) if (isTable(exports[name])) tables.add(getTableName(exports[name]));
  }
  return [...tables].sort();
}

describe('the scoped roles’ tables (decision 0138)', () => {
  it('are those the web’s and the identity provider’s code names', async () => {
    expect(await tablesNamedBy('web')).toEqual([...scopedTables.web].sort());
    expect(await tablesNamedBy('idp')).toEqual([...scopedTables.idp].sort());
  });
});
