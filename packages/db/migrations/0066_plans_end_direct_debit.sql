-- A membership that stops being live with a Direct Debit at the provider queues the job that ends it
-- (decision 0162's `end-plan-direct-debit`, keyed `plan-dd-end-<id>`), whoever ends it: the owner in the
-- portal, the practice system by import or the integration API, a merge. Nothing is taken after the end.
CREATE FUNCTION "queue_plan_direct_debit_end"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM graphile_worker.add_job('end-plan-direct-debit', json_build_object('membershipId', NEW.id),
    run_at => now() + interval '1 minute', max_attempts => 25, job_key => 'plan-dd-end-' || NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "plan_memberships_end_direct_debit" AFTER UPDATE OF "status" ON "plan_memberships" FOR EACH ROW
  WHEN (OLD.status IN ('pending', 'active') AND NEW.status IN ('cancelled', 'ended')
        AND (NEW.dd_subscription_id IS NOT NULL OR NEW.dd_mandate_id IS NOT NULL))
  EXECUTE FUNCTION "queue_plan_direct_debit_end"();
