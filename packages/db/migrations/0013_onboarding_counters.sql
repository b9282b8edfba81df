-- Onboarding budgets that hold across API instances and restarts (decision 0056): pre-signup checks per
-- last name and postcode, per identity and across the portal; verification-code tries per client record and
-- across the portal. Keys are stored only as SHA-256; a row whose window has ended counts as nothing.
CREATE TABLE "onboarding_counters" (
	"scope" text NOT NULL,
	"key_hash" text NOT NULL,
	"count" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "onboarding_counters_scope_key_hash_pk" PRIMARY KEY("scope","key_hash")
);
--> statement-breakpoint
CREATE INDEX "onboarding_counters_window_idx" ON "onboarding_counters" USING btree ("window_ends_at");