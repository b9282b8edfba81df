-- A pet is never in two booked appointments at once, whatever the concurrency: two clinicians of one
-- type may both be free at a time, so the clinicians' constraint alone would let one pet be booked twice.
ALTER TABLE "appointments"
  ADD CONSTRAINT "appointments_pet_no_overlap_ex"
  EXCLUDE USING gist ("pet_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
  WHERE ("status" = 'Booked');
