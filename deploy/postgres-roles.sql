-- The portal's database roles (decision 0092; docs/operations.md, "Database roles"). Run once per database by
-- a superuser (or the database's owner with CREATEROLE), with psql 15 or later; running it again changes
-- nothing but the passwords, which it sets to the ones given:
--
--   PORTAL_MIGRATE_PASSWORD=… PORTAL_APP_PASSWORD=… PORTAL_WEB_PASSWORD=… PORTAL_IDP_PASSWORD=… \
--     psql -d portal -f deploy/postgres-roles.sql
--
-- It makes these login roles:
--   portal_migrate  owns the schema: the migrate step connects as it (DATABASE_URL of migrate.sh), creates
--                   and alters tables, and grants the others what their processes use (DATABASE_APP_ROLES).
--   portal_app      the API, its workers, `npm run import` and `npm run events`: rows only. No DDL, no
--                   TRUNCATE, not the owner, not a superuser.
--   portal_web      the web's session store: its sessions' rows only (decision 0138), granted as
--                   `portal_web:web` in DATABASE_APP_ROLES. Made only with PORTAL_WEB_PASSWORD.
--   portal_idp      the embedded identity provider: its tables' rows and the e-mail outbox only, granted as
--                   `portal_idp:idp`. Made only with PORTAL_IDP_PASSWORD.
-- Other names: psql -v migrate_role=… -v app_role=… -v web_role=… -v idp_role=…. deploy/compose.yaml runs it when the database is
-- first made (docker-entrypoint-initdb.d). A database made before the roles: its tables, types, functions
-- and schemas pass to the migrating role here, so that the migrate step may alter them.

\set ON_ERROR_STOP on
\if :{?migrate_role}
\else
  \set migrate_role portal_migrate
\endif
\if :{?app_role}
\else
  \set app_role portal_app
\endif
\if :{?web_role}
\else
  \set web_role portal_web
\endif
\if :{?idp_role}
\else
  \set idp_role portal_idp
\endif
-- Passwords from the environment, never on the command line (where `ps` shows them).
\getenv migrate_password PORTAL_MIGRATE_PASSWORD
\getenv app_password PORTAL_APP_PASSWORD
\getenv web_password PORTAL_WEB_PASSWORD
\getenv idp_password PORTAL_IDP_PASSWORD
\if :{?migrate_password}
\else
  do $$ begin raise exception 'PORTAL_MIGRATE_PASSWORD is not set: the migrating role''s password'; end $$;
\endif
\if :{?app_password}
\else
  do $$ begin raise exception 'PORTAL_APP_PASSWORD is not set: the app role''s password'; end $$;
\endif

-- The roles: made if missing, then given exactly these attributes and the passwords.
select format('create role %I', name)
from (values (:'migrate_role'), (:'app_role')) as wanted(name)
where not exists (select from pg_roles where rolname = name)
\gexec
select format('alter role %I login nosuperuser nocreatedb nocreaterole noreplication nobypassrls password %L',
              :'migrate_role', :'migrate_password')
\gexec
select format('alter role %I login nosuperuser nocreatedb nocreaterole noreplication nobypassrls password %L',
              :'app_role', :'app_password')
\gexec
-- The web's and the identity provider's roles (decision 0138), each when its password is given: the
-- database's connect and the schema's usage only; the migrate step grants their tables.
\if :{?web_password}
  select format('create role %I', :'web_role') where not exists (select from pg_roles where rolname = :'web_role')
  \gexec
  select format('alter role %I login nosuperuser nocreatedb nocreaterole noreplication nobypassrls password %L',
                :'web_role', :'web_password')
  \gexec
  select format('grant connect on database %I to %I', current_database(), :'web_role')
  \gexec
  grant usage on schema public to :"web_role";
\endif
\if :{?idp_password}
  select format('create role %I', :'idp_role') where not exists (select from pg_roles where rolname = :'idp_role')
  \gexec
  select format('alter role %I login nosuperuser nocreatedb nocreaterole noreplication nobypassrls password %L',
                :'idp_role', :'idp_password')
  \gexec
  select format('grant connect on database %I to %I', current_database(), :'idp_role')
  \gexec
  grant usage on schema public to :"idp_role";
\endif

-- The database: the migrating role may create schemas (drizzle, graphile_worker) and trusted extensions
-- (btree_gist); the app role may connect and make temporary tables (the import's staging), nothing else.
select format('grant connect, create, temporary on database %I to %I', current_database(), :'migrate_role')
\gexec
select format('grant connect, temporary on database %I to %I', current_database(), :'app_role')
\gexec
-- Before PostgreSQL 15 everyone could create tables in public: only the migrating role may.
revoke create on schema public from public;
grant usage, create on schema public to :"migrate_role";
grant usage on schema public to :"app_role";

-- A database migrated before the roles: what the migrations made passes to the migrating role. Tables
-- take their indexes and sequences with them; what belongs to an extension (btree_gist) stays.
select format('alter schema %I owner to %I', nspname, :'migrate_role')
from pg_namespace
where nspname in ('drizzle', 'graphile_worker')
  and nspowner <> (select oid from pg_roles where rolname = :'migrate_role')
\gexec
select format('alter %s %s owner to %I',
              case c.relkind when 'v' then 'view' when 'm' then 'materialized view'
                             when 'S' then 'sequence' else 'table' end,
              c.oid::regclass, :'migrate_role')
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
where n.nspname in ('public', 'drizzle', 'graphile_worker')
  and c.relkind in ('r', 'p', 'v', 'm', 'S')
  and c.relowner <> (select oid from pg_roles where rolname = :'migrate_role')
  and not exists (select from pg_depend d
                  where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype in ('a', 'i', 'e'))
\gexec
select format('alter type %s owner to %I', t.oid::regtype, :'migrate_role')
from pg_type t
join pg_namespace n on n.oid = t.typnamespace
where n.nspname in ('public', 'drizzle', 'graphile_worker')
  and (t.typtype in ('e', 'd') or (t.typtype = 'c' and (select relkind from pg_class where oid = t.typrelid) = 'c'))
  and t.typowner <> (select oid from pg_roles where rolname = :'migrate_role')
  and not exists (select from pg_depend d
                  where d.classid = 'pg_type'::regclass and d.objid = t.oid and d.deptype = 'e')
\gexec
select format('alter routine %s owner to %I', p.oid::regprocedure, :'migrate_role')
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
where n.nspname in ('public', 'drizzle', 'graphile_worker')
  and p.prokind in ('f', 'p')
  and p.proowner <> (select oid from pg_roles where rolname = :'migrate_role')
  and not exists (select from pg_depend d
                  where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
\gexec

\echo Roles ready: run the migrate step as :migrate_role with DATABASE_APP_ROLES=:app_role,:web_role:web,:idp_role:idp (the last two where made)
