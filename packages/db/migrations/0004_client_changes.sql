CREATE TYPE "public"."client_change_kind" AS ENUM('details', 'contact_preferences');--> statement-breakpoint
CREATE TABLE "client_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"kind" "client_change_kind" NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"actor_issuer" text NOT NULL,
	"actor_subject" text NOT NULL,
	"changes" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_changes" ADD CONSTRAINT "client_changes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_changes_client_idx" ON "client_changes" USING btree ("client_id","changed_at");