-- Decision 0063: a guest hold whose time a practice booking took is Released with displaced_at set, so the
-- guest is told plainly when they next look; no other end of a hold sets it.
ALTER TABLE "soft_bookings" ADD COLUMN "displaced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "soft_bookings" ADD CONSTRAINT "soft_bookings_displaced_released_ck" CHECK ("soft_bookings"."displaced_at" is null or "soft_bookings"."status" = 'Released');