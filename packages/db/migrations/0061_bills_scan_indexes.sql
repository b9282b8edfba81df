CREATE INDEX CONCURRENTLY "practice_estimates_issued_idx" ON "practice_estimates" USING btree ("issued_on");--> statement-breakpoint
CREATE INDEX CONCURRENTLY "practice_estimates_revised_idx" ON "practice_estimates" USING btree ("revised_at");--> statement-breakpoint
CREATE INDEX CONCURRENTLY "practice_invoices_issued_idx" ON "practice_invoices" USING btree ("issued_on");