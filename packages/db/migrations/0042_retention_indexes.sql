CREATE INDEX "practice_events_occurred_idx" ON "practice_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_event_idx" ON "webhook_deliveries" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "appointment_reminders_created_idx" ON "appointment_reminders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "vaccination_reminders_created_idx" ON "vaccination_reminders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_occurred_idx" ON "audit_log" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "email_outbox_created_idx" ON "email_outbox" USING btree ("created_at");