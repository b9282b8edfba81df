-- 0057's checks validated without blocking writes (decision 0125).
ALTER TABLE "appointments" VALIDATE CONSTRAINT "appointments_quoted_price_ck";--> statement-breakpoint
ALTER TABLE "practice_prices" VALIDATE CONSTRAINT "practice_prices_band_ck";
