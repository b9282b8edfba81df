CREATE TABLE "idp_attempt_counters" (
	"scope" text NOT NULL,
	"key_hash" text NOT NULL,
	"failures" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idp_attempt_counters_scope_key_hash_pk" PRIMARY KEY("scope","key_hash")
);
--> statement-breakpoint
CREATE TABLE "idp_sign_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"interaction_uid" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "idp_attempt_counters_window_idx" ON "idp_attempt_counters" USING btree ("window_ends_at");--> statement-breakpoint
CREATE INDEX "idp_sign_ups_interaction_idx" ON "idp_sign_ups" USING btree ("interaction_uid");--> statement-breakpoint
CREATE INDEX "idp_sign_ups_email_idx" ON "idp_sign_ups" USING btree ("email","created_at");