ALTER TABLE "appointments" ADD COLUMN "idempotency_request_hash" text;--> statement-breakpoint
CREATE INDEX "rota_breaks_shift_idx" ON "clinician_rota_breaks" USING btree ("shift_id");--> statement-breakpoint
CREATE INDEX "clinicians_practice_type_idx" ON "clinicians" USING btree ("practice_id","type");