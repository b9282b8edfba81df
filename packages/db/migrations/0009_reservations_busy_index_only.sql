-- Every slot search reads the busy time of a practice's clinicians over the whole horizon (busy-time.ts):
-- the reservations of each clinician overlapping it, less expired guest holds. The exclusion constraint's
-- GiST index finds them, but reading hold_expires_at meant a heap page per reservation (2,800 pages for
-- 14 vets at group scale, decision 0023). With hold_expires_at carried in the index, the read is an
-- index-only scan. The constraint is rebuilt in this migration's transaction, so no moment is without it.
ALTER TABLE "clinician_reservations" DROP CONSTRAINT "clinician_reservations_no_overlap_ex";
--> statement-breakpoint
ALTER TABLE "clinician_reservations"
  ADD CONSTRAINT "clinician_reservations_no_overlap_ex"
  EXCLUDE USING gist ("clinician_id" WITH =, "during" WITH &&) INCLUDE ("hold_expires_at");
