-- Once on a restored database, before any instance of the portal starts (docs/operations.md, "Backups and
-- restore"; decision 0124), as the migrating role (it owns the sequences) or a superuser:
--
--   psql "postgres://portal_migrate@db-host/portal" -f deploy/after-restore.sql
--
-- A restore to a point before the latest write forgets the rows written after it, and their ids are handed
-- out again: but practice systems, webhook receivers and e-mails already saw some of them (an event's
-- webhook-id `evt_<id>`, the event feed's position, an appointment's id). A receiver that drops repeats by
-- webhook-id would drop a new event under a reused id, and a feed reader's cursor would skip new
-- positions. So every sequence of the portal's schema moves on by a margin (`-v id_gap=…`, default one
-- million) above anything the lost writes can have used. Running it twice only widens the gap.
\set ON_ERROR_STOP on
\if :{?id_gap}
\else
  \set id_gap 1000000
\endif
select set_config('portal.id_gap', :'id_gap', false) as id_gap \gset

do $$
declare
  gap constant bigint := current_setting('portal.id_gap')::bigint;
  s record;
begin
  for s in
    select c.oid::regclass as seq, q.seqmax as max
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_sequence q on q.seqrelid = c.oid
    where c.relkind = 'S' and n.nspname = 'public'
  loop
    perform setval(s.seq, least(coalesce(pg_sequence_last_value(s.seq), 0) + gap, s.max));
    raise notice 'moved % on by %', s.seq, gap;
  end loop;
end
$$;
