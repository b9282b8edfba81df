CREATE TYPE "public"."payment_purpose" AS ENUM('invoice', 'deposit', 'card_hold');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('pending', 'paid', 'authorised', 'captured', 'voided', 'expired', 'refunded');--> statement-breakpoint
CREATE TABLE "online_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"purpose" "payment_purpose" NOT NULL,
	"status" "payment_status" DEFAULT 'pending' NOT NULL,
	"practice_id" integer NOT NULL,
	"client_id" integer,
	"invoice_id" integer,
	"amount_pence" integer NOT NULL,
	"currency" text DEFAULT 'GBP' NOT NULL,
	"description" text NOT NULL,
	"provider" text DEFAULT 'stripe' NOT NULL,
	"checkout_session_id" text,
	"checkout_url" text,
	"payment_intent_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"pms_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "online_payments_checkout_session_id_unique" UNIQUE("checkout_session_id"),
	CONSTRAINT "online_payments_payment_intent_id_unique" UNIQUE("payment_intent_id"),
	CONSTRAINT "online_payments_pms_ref_unique" UNIQUE("pms_ref"),
	CONSTRAINT "online_payments_amount_ck" CHECK ("online_payments"."amount_pence" between 1 and 99999999),
	CONSTRAINT "online_payments_currency_ck" CHECK ("online_payments"."currency" = 'GBP'),
	CONSTRAINT "online_payments_invoice_ck" CHECK ("online_payments"."purpose" <> 'invoice' or "online_payments"."invoice_id" is not null or "online_payments"."status" <> 'pending')
);
--> statement-breakpoint
CREATE TABLE "payment_provider_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_invoice_id_practice_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."practice_invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "online_payments_pending_invoice_unique" ON "online_payments" USING btree ("invoice_id") WHERE "online_payments"."status" = 'pending' and "online_payments"."invoice_id" is not null;--> statement-breakpoint
CREATE INDEX "online_payments_client_idx" ON "online_payments" USING btree ("client_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "online_payments_pending_idx" ON "online_payments" USING btree ("expires_at") WHERE "online_payments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "online_payments_created_idx" ON "online_payments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payment_provider_events_received_idx" ON "payment_provider_events" USING btree ("received_at");