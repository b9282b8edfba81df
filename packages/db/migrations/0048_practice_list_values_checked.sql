-- 0047's foreign keys validated and its indexes on pets and clients built without blocking writes
-- (decision 0125).
ALTER TABLE "clients" VALIDATE CONSTRAINT "clients_salutation_value_id_practice_list_values_id_fk";
--> statement-breakpoint
ALTER TABLE "pets" VALIDATE CONSTRAINT "pets_species_value_id_practice_list_values_id_fk";
--> statement-breakpoint
ALTER TABLE "pets" VALIDATE CONSTRAINT "pets_breed_value_id_practice_list_values_id_fk";
--> statement-breakpoint
ALTER TABLE "pets" VALIDATE CONSTRAINT "pets_colour_value_id_practice_list_values_id_fk";
--> statement-breakpoint
ALTER TABLE "pets" VALIDATE CONSTRAINT "pets_insurer_value_id_practice_list_values_id_fk";
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "clients_salutation_value_idx" ON "clients" USING btree ("salutation_value_id","id") WHERE "clients"."salutation_value_id" is not null;
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "pets_species_value_idx" ON "pets" USING btree ("species_value_id","id") WHERE "pets"."species_value_id" is not null;
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "pets_breed_value_idx" ON "pets" USING btree ("breed_value_id","id") WHERE "pets"."breed_value_id" is not null;
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "pets_colour_value_idx" ON "pets" USING btree ("colour_value_id","id") WHERE "pets"."colour_value_id" is not null;
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "pets_insurer_value_idx" ON "pets" USING btree ("insurer_value_id","id") WHERE "pets"."insurer_value_id" is not null;
