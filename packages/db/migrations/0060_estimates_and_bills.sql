CREATE TYPE "public"."estimate_answer" AS ENUM('accepted', 'declined');--> statement-breakpoint
CREATE TYPE "public"."estimate_status" AS ENUM('proposed', 'accepted', 'declined', 'superseded', 'expired');--> statement-breakpoint
CREATE TYPE "public"."invoice_status" AS ENUM('issued', 'part_paid', 'paid', 'credited');--> statement-breakpoint
CREATE TYPE "public"."vat_rate" AS ENUM('standard', 'reduced', 'zero', 'exempt');--> statement-breakpoint
CREATE TABLE "estimate_revision_thresholds" (
	"effective_from" date PRIMARY KEY NOT NULL,
	"percent" smallint NOT NULL,
	"amount_pence" integer NOT NULL,
	CONSTRAINT "estimate_revision_thresholds_ck" CHECK ("estimate_revision_thresholds"."percent" between 1 and 100 and "estimate_revision_thresholds"."amount_pence" > 0)
);
--> statement-breakpoint
CREATE TABLE "practice_estimate_lines" (
	"estimate_id" integer NOT NULL,
	"id" serial PRIMARY KEY NOT NULL,
	"line_no" smallint NOT NULL,
	"pet_id" integer,
	"description" text NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"unit_price_pence" integer NOT NULL,
	"vat_rate" "vat_rate" NOT NULL,
	"total_pence" integer NOT NULL,
	CONSTRAINT "practice_estimate_lines_line_unique" UNIQUE("estimate_id","line_no"),
	CONSTRAINT "practice_estimate_lines_quantity_ck" CHECK ("practice_estimate_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "practice_estimates" (
	"id" serial PRIMARY KEY NOT NULL,
	"pms_ref" text,
	"version" integer DEFAULT 1 NOT NULL,
	"import_fingerprint" uuid,
	"practice_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"clinician_id" integer,
	"title" text,
	"issued_on" date NOT NULL,
	"currency" text DEFAULT 'GBP' NOT NULL,
	"total_pence" integer NOT NULL,
	"vat_pence" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_on" date,
	"status" "estimate_status" DEFAULT 'proposed' NOT NULL,
	"terms" text,
	"revision" integer DEFAULT 1 NOT NULL,
	"previous_total_pence" integer,
	"revised_at" timestamp with time zone,
	"answer" "estimate_answer",
	"answered_at" timestamp with time zone,
	"answered_revision" integer,
	"agreed_total_pence" integer,
	"decline_reason" text,
	"notified_revision" integer,
	CONSTRAINT "practice_estimates_pms_ref_unique" UNIQUE("pms_ref"),
	CONSTRAINT "practice_estimates_currency_ck" CHECK ("practice_estimates"."currency" = 'GBP'),
	CONSTRAINT "practice_estimates_total_ck" CHECK ("practice_estimates"."total_pence" between 0 and 99999999 and "practice_estimates"."vat_pence" between 0 and "practice_estimates"."total_pence"),
	CONSTRAINT "practice_estimates_answer_ck" CHECK (("practice_estimates"."answer" is null) = ("practice_estimates"."answered_at" is null)
          and ("practice_estimates"."answer" <> 'declined' or "practice_estimates"."decline_reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "practice_invoice_lines" (
	"invoice_id" integer NOT NULL,
	"id" serial PRIMARY KEY NOT NULL,
	"line_no" smallint NOT NULL,
	"pet_id" integer,
	"description" text NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"unit_price_pence" integer NOT NULL,
	"vat_rate" "vat_rate" NOT NULL,
	"total_pence" integer NOT NULL,
	CONSTRAINT "practice_invoice_lines_line_unique" UNIQUE("invoice_id","line_no"),
	CONSTRAINT "practice_invoice_lines_quantity_ck" CHECK ("practice_invoice_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "practice_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"pms_ref" text,
	"version" integer DEFAULT 1 NOT NULL,
	"import_fingerprint" uuid,
	"practice_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"clinician_id" integer,
	"title" text,
	"issued_on" date NOT NULL,
	"currency" text DEFAULT 'GBP' NOT NULL,
	"total_pence" integer NOT NULL,
	"vat_pence" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_on" date,
	"status" "invoice_status" DEFAULT 'issued' NOT NULL,
	"paid_pence" integer DEFAULT 0 NOT NULL,
	"estimate_id" integer,
	"notified_at" timestamp with time zone,
	CONSTRAINT "practice_invoices_pms_ref_unique" UNIQUE("pms_ref"),
	CONSTRAINT "practice_invoices_currency_ck" CHECK ("practice_invoices"."currency" = 'GBP'),
	CONSTRAINT "practice_invoices_total_ck" CHECK ("practice_invoices"."total_pence" between 0 and 99999999 and "practice_invoices"."vat_pence" between 0 and "practice_invoices"."total_pence"
          and "practice_invoices"."paid_pence" >= 0)
);
--> statement-breakpoint
ALTER TABLE "practices" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "practice_estimate_lines" ADD CONSTRAINT "practice_estimate_lines_estimate_id_practice_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."practice_estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_estimate_lines" ADD CONSTRAINT "practice_estimate_lines_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_estimates" ADD CONSTRAINT "practice_estimates_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_estimates" ADD CONSTRAINT "practice_estimates_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_estimates" ADD CONSTRAINT "practice_estimates_clinician_id_clinicians_id_fk" FOREIGN KEY ("clinician_id") REFERENCES "public"."clinicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_invoice_lines" ADD CONSTRAINT "practice_invoice_lines_invoice_id_practice_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."practice_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_invoice_lines" ADD CONSTRAINT "practice_invoice_lines_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_invoices" ADD CONSTRAINT "practice_invoices_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_invoices" ADD CONSTRAINT "practice_invoices_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_invoices" ADD CONSTRAINT "practice_invoices_clinician_id_clinicians_id_fk" FOREIGN KEY ("clinician_id") REFERENCES "public"."clinicians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_invoices" ADD CONSTRAINT "practice_invoices_estimate_id_practice_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."practice_estimates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "practice_estimate_lines_pet_idx" ON "practice_estimate_lines" USING btree ("pet_id","estimate_id");--> statement-breakpoint
CREATE INDEX "practice_estimates_client_idx" ON "practice_estimates" USING btree ("client_id","issued_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "practice_invoice_lines_pet_idx" ON "practice_invoice_lines" USING btree ("pet_id","invoice_id");--> statement-breakpoint
CREATE INDEX "practice_invoices_client_idx" ON "practice_invoices" USING btree ("client_id","issued_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- The thresholds in force since the CMA's final report (24 March 2026): a rise of 20% or £500 over the
-- estimate agreed is agreed again.
INSERT INTO "estimate_revision_thresholds" ("effective_from", "percent", "amount_pence") VALUES ('2026-03-24', 20, 50000);
--> statement-breakpoint
-- Decision 0151: a change of an estimate's total is a revision, whoever writes it (the import, the
-- integration API, a connector). A revision after the owner declined asks again; after they agreed, it
-- asks again only when it rises by the threshold in force (in the practices' clock) over the total agreed,
-- and is otherwise shown beside the agreed total. An acceptance locks the row and names the revision it
-- read, so a revision that races it either waits and is measured against it, or makes it fail.
CREATE FUNCTION "revise_practice_estimate"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rise bigint;
  threshold record;
BEGIN
  NEW.revision := OLD.revision + 1;
  NEW.previous_total_pence := OLD.total_pence;
  NEW.revised_at := now();
  IF OLD.answer = 'declined' THEN
    NEW.answer := NULL;
    NEW.answered_at := NULL;
    NEW.answered_revision := NULL;
    NEW.decline_reason := NULL;
  ELSIF OLD.answer = 'accepted' THEN
    rise := NEW.total_pence::bigint - OLD.agreed_total_pence;
    SELECT t.percent, t.amount_pence INTO threshold FROM "estimate_revision_thresholds" t
     WHERE t.effective_from <= (now() AT TIME ZONE 'Europe/London')::date
     ORDER BY t.effective_from DESC LIMIT 1;
    IF rise > 0 AND (rise >= threshold.amount_pence OR rise * 100 >= OLD.agreed_total_pence::bigint * threshold.percent) THEN
      NEW.answer := NULL;
      NEW.answered_at := NULL;
      NEW.answered_revision := NULL;
    END IF;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "practice_estimates_revise" BEFORE UPDATE OF "total_pence" ON "practice_estimates" FOR EACH ROW
  WHEN (OLD.total_pence IS DISTINCT FROM NEW.total_pence)
  EXECUTE FUNCTION "revise_practice_estimate"();
--> statement-breakpoint
CREATE TRIGGER "practice_estimates_bump_record_version" BEFORE UPDATE ON "practice_estimates" FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "bump_record_version"();
--> statement-breakpoint
CREATE TRIGGER "practice_invoices_bump_record_version" BEFORE UPDATE ON "practice_invoices" FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "bump_record_version"();
--> statement-breakpoint
CREATE TRIGGER "practice_estimates_clear_import_fingerprint" BEFORE UPDATE ON "practice_estimates" FOR EACH ROW
  WHEN (OLD.import_fingerprint IS NOT NULL AND NEW.import_fingerprint IS NOT DISTINCT FROM OLD.import_fingerprint)
  EXECUTE FUNCTION "clear_import_fingerprint"();
--> statement-breakpoint
CREATE TRIGGER "practice_invoices_clear_import_fingerprint" BEFORE UPDATE ON "practice_invoices" FOR EACH ROW
  WHEN (OLD.import_fingerprint IS NOT NULL AND NEW.import_fingerprint IS NOT DISTINCT FROM OLD.import_fingerprint)
  EXECUTE FUNCTION "clear_import_fingerprint"();
