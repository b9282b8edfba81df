-- The clinician a client named online (decision 0141). The foreign key is added NOT VALID (the new column
-- is all null) and validated in 0056, so neither statement holds a long lock on appointments (0125).
ALTER TABLE "appointments" ADD COLUMN "chosen_clinician_id" integer;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_chosen_clinician_id_clinicians_id_fk" FOREIGN KEY ("chosen_clinician_id") REFERENCES "public"."clinicians"("id") ON DELETE no action ON UPDATE no action NOT VALID;
