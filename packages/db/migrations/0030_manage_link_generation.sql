ALTER TABLE "appointments" ADD COLUMN "manage_link_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "manage_link_reminder_kind" text;--> statement-breakpoint
-- Decision 0095: an appointment that moves or whose status changes ends its manage links, whoever writes
-- the row (the portal, the practice system's API, the practice import). ALWAYS: the import's upserts run
-- with session_replication_role = replica (decision 0061), which skips the ordinary triggers.
CREATE FUNCTION "end_manage_links"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.manage_link_generation := NEW.manage_link_generation + 1;
  NEW.manage_link_reminder_kind := NULL;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "appointments_end_manage_links" BEFORE UPDATE ON "appointments" FOR EACH ROW
  WHEN (OLD.starts_at IS DISTINCT FROM NEW.starts_at OR OLD.ends_at IS DISTINCT FROM NEW.ends_at
    OR OLD.practice_id IS DISTINCT FROM NEW.practice_id OR OLD.clinician_id IS DISTINCT FROM NEW.clinician_id
    OR OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION "end_manage_links"();
--> statement-breakpoint
ALTER TABLE "appointments" ENABLE ALWAYS TRIGGER "appointments_end_manage_links";
