import pg from 'pg';

/**
 * The database roles of a production deployment (decision 0092): a migrating role owns the schema and runs
 * the migrate step; the API, its workers and the operator's commands (`npm run import`, `npm run events`)
 * connect as an app role that may read and write rows, and nothing more: no DDL, no TRUNCATE, not the
 * owner, not a superuser. The web's session store and the identity provider connect as roles of their own,
 * each reaching only its tables (decision 0138). `deploy/postgres-roles.sql` creates them once; the migrate
 * step grants each what its process uses, whatever the migrations added.
 */

/** The schemas whose rows the apps read and write: ours, and the job queue's (graphile-worker). */
const rowSchemas = ['public', 'graphile_worker'] as const;

/** A role name as the roles script makes them (no quoting needed, none possible), and its scope. */
const roleName = /^[a-z_][a-z0-9_]{0,62}(:(web|idp))?$/;

/**
 * The tables a scoped role reaches (decision 0138), rows only; nothing later migrations add, unless
 * listed here. The web: its sessions. The identity provider: its accounts, interactions and counters, the
 * web's sessions (a password reset ends them), and the e-mail outbox with the job queue that sends it.
 * database-roles.integration.test.ts checks these against the tables each app's code names.
 */
export const scopedTables = {
  web: ['web_sessions'],
  idp: [
    'idp_accounts',
    'idp_models',
    'idp_password_resets',
    'idp_attempt_counters',
    'idp_sign_ups',
    'idp_email_changes',
    'web_sessions',
    'email_outbox',
  ],
} as const;
export type RoleScope = keyof typeof scopedTables;

export const appRolesVariable = 'DATABASE_APP_ROLES';

/**
 * DATABASE_APP_ROLES, as the migrate step reads it: a comma-separated list of role names, each the API's
 * (`portal_app`) or scoped to the web's or the provider's tables (`portal_web:web`, `portal_idp:idp`,
 * decision 0138), or undefined (nothing granted: a local run, where one superuser does everything).
 * Throws naming the variable.
 */
export function parseAppRoles(value: string | undefined): string[] {
  if (value === undefined || value.trim() === '') return [];
  const roles = value.split(',').map((role) => role.trim());
  if (roles.some((role) => !roleName.test(role)))
    throw new DatabaseRoleError(
      `${appRolesVariable} must be a comma-separated list of role names (lower-case letters, digits and _, ` +
        "e.g. portal_app, or portal_web:web and portal_idp:idp for roles that reach only the web's or the " +
        "identity provider's tables): the roles the apps connect as, which the migrate step grants their " +
        'privileges to.',
    );
  return [...new Set(roles)];
}

/**
 * Grants each role the privileges the apps use, on what exists now and (ALTER DEFAULT PRIVILEGES) on what
 * the role running this creates later. Run by the migrate step as the migrating role, after the migrations;
 * running it again grants nothing new. graphile-worker's tables also need a row-level policy (below).
 * USAGE on drizzle's schema lets an instance check that its build's migrations are there
 * (requireCurrentSchema). On PostgreSQL 17 and later the job table's MAINTAIN lets the reminders' morning
 * run analyse it (queue-reminders.ts); before 17 only its owner can, and PostgreSQL skips the analysis
 * with a warning.
 */
export async function grantAppPrivileges(client: pg.ClientBase, given: readonly string[]): Promise<void> {
  const scoped = given
    .filter((role) => role.includes(':'))
    .map((role) => role.split(':') as [string, RoleScope]);
  for (const [role, scope] of scoped) await grantScopedPrivileges(client, role, scope);
  const roles = given.filter((role) => !role.includes(':'));
  const queueRoles = [...roles, ...scoped.filter(([, scope]) => scope === 'idp').map(([role]) => role)];
  if (queueRoles.length > 0)
    await openJobQueueRows(client, queueRoles.map((role) => pg.escapeIdentifier(role)).join(', '));
  if (roles.length === 0) return;
  const names = roles.map((role) => pg.escapeIdentifier(role)).join(', ');
  const schemas = rowSchemas.map((schema) => pg.escapeIdentifier(schema)).join(', ');
  await client.query(`grant usage on schema ${schemas}, drizzle to ${names}`);
  await client.query(`grant select, insert, update, delete on all tables in schema ${schemas} to ${names}`);
  await client.query(`grant usage, select on all sequences in schema ${schemas} to ${names}`);
  // graphile-worker's functions (add_job, complete_jobs, …), which the worker and the outbox call.
  await client.query(`grant execute on all functions in schema graphile_worker to ${names}`);
  await client.query(`grant select on all tables in schema drizzle to ${names}`);
  for (const schema of rowSchemas) {
    const inSchema = `alter default privileges in schema ${pg.escapeIdentifier(schema)}`;
    await client.query(`${inSchema} grant select, insert, update, delete on tables to ${names}`);
    await client.query(`${inSchema} grant usage, select on sequences to ${names}`);
    await client.query(`${inSchema} grant execute on functions to ${names}`);
  }
  const version = await client.query<{ number: number }>(
    "select current_setting('server_version_num')::int as number",
  );
  if ((version.rows[0]?.number ?? 0) >= 170_000)
    await client.query(`grant maintain on table graphile_worker._private_jobs to ${names}`);
}

/**
 * A scoped role's grants (decision 0138): its tables' rows and their sequences, no default privileges.
 * The provider also checks its build's migrations (drizzle's table) and adds the outbox's jobs
 * (graphile-worker's functions and tables); the web does neither.
 */
async function grantScopedPrivileges(client: pg.ClientBase, role: string, scope: RoleScope): Promise<void> {
  const name = pg.escapeIdentifier(role);
  const tables = scopedTables[scope].map((table) => `public.${pg.escapeIdentifier(table)}`).join(', ');
  await client.query(`grant usage on schema public to ${name}`);
  await client.query(`grant select, insert, update, delete on table ${tables} to ${name}`);
  const { rows } = await client.query<{ sequence: string }>(
    `select d.objid::regclass::text as sequence from pg_depend d
     where d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
       and d.refobjid = any (array[${scopedTables[scope].map((table) => pg.escapeLiteral(`public.${table}`)).join(', ')}]::regclass[])
       and (select relkind from pg_class where oid = d.objid) = 'S'`,
  );
  for (const { sequence } of rows)
    await client.query(`grant usage, select on sequence ${sequence} to ${name}`);
  if (scope !== 'idp') return;
  await client.query(`grant usage on schema drizzle, graphile_worker to ${name}`);
  await client.query(`grant select on all tables in schema drizzle to ${name}`);
  await client.query(`grant execute on all functions in schema graphile_worker to ${name}`);
  await client.query(
    `grant select, insert, update, delete on all tables in schema graphile_worker to ${name}`,
  );
  await client.query(`grant usage, select on all sequences in schema graphile_worker to ${name}`);
}

/** Ours, on each of graphile-worker's tables that keeps row-level security on. */
const jobQueuePolicy = 'portal_app_rows';

/**
 * graphile-worker turns row-level security on for its private tables, with no policy: only their owner (or
 * a superuser) sees a row, so an app role could not add or take a job. A policy of ours lets the app roles
 * at every row of those tables, and no one else; made or updated in one transaction, so a worker running
 * meanwhile never finds none.
 */
async function openJobQueueRows(client: pg.ClientBase, names: string): Promise<void> {
  const { rows } = await client.query<{ name: string; policy: boolean }>(
    `select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name,
            exists (select from pg_policies p
                    where p.schemaname = n.nspname and p.tablename = c.relname and p.policyname = $1) as policy
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'graphile_worker' and c.relkind = 'r' and c.relrowsecurity
     order by c.relname`,
    [jobQueuePolicy],
  );
  if (rows.length === 0) return;
  await client.query('begin');
  try {
    for (const { name, policy } of rows)
      await client.query(
        policy
          ? `alter policy ${jobQueuePolicy} on ${name} to ${names}`
          : `create policy ${jobQueuePolicy} on ${name} for all to ${names} using (true) with check (true)`,
      );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

export const allowSuperuserVariable = 'DATABASE_ALLOW_SUPERUSER';

/** A start-up refusal about the database role; its message is the whole explanation (no stack). */
export class DatabaseRoleError extends Error {
  override name = 'DatabaseRoleError';
}

/** Whether the connection's role is a PostgreSQL superuser (membership of one does not make it one). */
export async function connectedAsSuperuser(pool: Pick<pg.Pool, 'query'>): Promise<boolean> {
  const { rows } = await pool.query<{ superuser: boolean }>(
    'select rolsuper as superuser from pg_roles where rolname = current_user',
  );
  return rows[0]?.superuser === true;
}

/**
 * For a production process at start-up (decision 0092): refuses a superuser connection, which could
 * undo every other control (drop the schema, read any file the server can), unless the deployment said
 * DATABASE_ALLOW_SUPERUSER=true. The error names the variable and the role to use instead.
 */
export async function refuseSuperuser(pool: Pick<pg.Pool, 'query'>, process: string): Promise<void> {
  if (!(await connectedAsSuperuser(pool))) return;
  throw new DatabaseRoleError(
    `${process} refuses to start: DATABASE_URL connects as a PostgreSQL superuser. In production connect as ` +
      'the app role (deploy/postgres-roles.sql; the migrate step grants it what the apps use), or set ' +
      `${allowSuperuserVariable}=true to run as a superuser all the same.`,
  );
}
