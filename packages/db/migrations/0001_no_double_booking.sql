-- No clinician is ever double-booked, whatever the concurrency (R4.21): the database itself refuses
-- two overlapping reservations (appointments or live guest holds) for one clinician.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "clinician_reservations"
  ADD CONSTRAINT "clinician_reservations_no_overlap_ex"
  EXCLUDE USING gist ("clinician_id" WITH =, "during" WITH &&);
