ALTER TABLE "appointments" ADD COLUMN "import_fingerprint" uuid;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "import_fingerprint" uuid;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "import_fingerprint" uuid;--> statement-breakpoint
ALTER TABLE "vaccinations" ADD COLUMN "import_fingerprint" uuid;--> statement-breakpoint
-- A record keeps the practice import's fingerprint only as long as the import was the last to write it:
-- any other update that leaves the fingerprint as it was clears it, so the next import reads that
-- record's row in full again. The import's apply (practice_import.keeps_fingerprints set for its
-- transaction) manages them itself: its upserts write them, and its follow-ups (a pet's initial
-- consultation ended, an online appointment flagged) change nothing its rows decide.
CREATE FUNCTION "clear_import_fingerprint"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('practice_import.keeps_fingerprints', true) IS DISTINCT FROM 'on' THEN
    NEW.import_fingerprint := NULL;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "clients_clear_import_fingerprint" BEFORE UPDATE ON "clients" FOR EACH ROW
  WHEN (OLD.import_fingerprint IS NOT NULL AND NEW.import_fingerprint IS NOT DISTINCT FROM OLD.import_fingerprint)
  EXECUTE FUNCTION "clear_import_fingerprint"();
--> statement-breakpoint
CREATE TRIGGER "pets_clear_import_fingerprint" BEFORE UPDATE ON "pets" FOR EACH ROW
  WHEN (OLD.import_fingerprint IS NOT NULL AND NEW.import_fingerprint IS NOT DISTINCT FROM OLD.import_fingerprint)
  EXECUTE FUNCTION "clear_import_fingerprint"();
--> statement-breakpoint
CREATE TRIGGER "appointments_clear_import_fingerprint" BEFORE UPDATE ON "appointments" FOR EACH ROW
  WHEN (OLD.import_fingerprint IS NOT NULL AND NEW.import_fingerprint IS NOT DISTINCT FROM OLD.import_fingerprint)
  EXECUTE FUNCTION "clear_import_fingerprint"();
--> statement-breakpoint
CREATE TRIGGER "vaccinations_clear_import_fingerprint" BEFORE UPDATE ON "vaccinations" FOR EACH ROW
  WHEN (OLD.import_fingerprint IS NOT NULL AND NEW.import_fingerprint IS NOT DISTINCT FROM OLD.import_fingerprint)
  EXECUTE FUNCTION "clear_import_fingerprint"();
