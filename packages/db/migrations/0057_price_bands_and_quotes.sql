-- The price quoted on a booking, and a price's band (issue 62). The checks are added NOT VALID (the new
-- columns are all null) and validated in 0058, so neither statement holds a long lock (decision 0125).
ALTER TABLE "appointments" ADD COLUMN "quoted_price_pence" integer;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "quoted_price_includes" text;--> statement-breakpoint
ALTER TABLE "practice_prices" ADD COLUMN "band" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_quoted_price_ck" CHECK ("appointments"."quoted_price_pence" >= 0) NOT VALID;--> statement-breakpoint
ALTER TABLE "practice_prices" ADD CONSTRAINT "practice_prices_band_ck" CHECK (band in ('cat', 'dog_small', 'dog_medium', 'dog_large', 'rabbit', 'other')) NOT VALID;
