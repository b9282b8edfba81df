CREATE TABLE "practice_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"pms_ref" text,
	"practice_id" integer NOT NULL,
	"reason_id" integer,
	"service_name" text,
	"amount_pence" integer NOT NULL,
	"currency" text DEFAULT 'GBP' NOT NULL,
	"includes" text,
	"effective_from" date NOT NULL,
	CONSTRAINT "practice_prices_pms_ref_unique" UNIQUE("pms_ref"),
	CONSTRAINT "practice_prices_amount_ck" CHECK ("practice_prices"."amount_pence" >= 0),
	CONSTRAINT "practice_prices_currency_ck" CHECK ("practice_prices"."currency" = 'GBP'),
	CONSTRAINT "practice_prices_subject_ck" CHECK (("practice_prices"."reason_id" is null) <> ("practice_prices"."service_name" is null))
);
--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "owner_name" text;--> statement-breakpoint
ALTER TABLE "practice_prices" ADD CONSTRAINT "practice_prices_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_prices" ADD CONSTRAINT "practice_prices_reason_id_appointment_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."appointment_reasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "practice_prices_practice_idx" ON "practice_prices" USING btree ("practice_id","effective_from");