CREATE TABLE "data_export_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"identity_issuer" text NOT NULL,
	"identity_subject" text NOT NULL,
	"client_id" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "web_sessions" ADD COLUMN "authenticated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Sessions from before the column: they began with a sign-in (always prompt=login), so their start is when.
UPDATE "web_sessions" SET "authenticated_at" = "created_at";--> statement-breakpoint
ALTER TABLE "data_export_requests" ADD CONSTRAINT "data_export_requests_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_export_requests_client_idx" ON "data_export_requests" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "data_export_requests_identity_idx" ON "data_export_requests" USING btree ("identity_issuer","identity_subject");