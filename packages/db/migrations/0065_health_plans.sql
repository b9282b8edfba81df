CREATE TYPE "public"."plan_membership_canceller" AS ENUM('client', 'practice', 'bank');--> statement-breakpoint
CREATE TYPE "public"."plan_membership_end_reason" AS ENUM('owner', 'deceased', 'rehomed', 'mandate', 'practice');--> statement-breakpoint
CREATE TYPE "public"."plan_membership_status" AS ENUM('pending', 'active', 'cancelled', 'ended');--> statement-breakpoint
CREATE TYPE "public"."plan_benefit_kind" AS ENUM('allowance', 'discount');--> statement-breakpoint
CREATE TYPE "public"."plan_billing" AS ENUM('monthly', 'yearly');--> statement-breakpoint
CREATE TABLE "direct_debit_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"resource_type" text NOT NULL,
	"action" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "health_plan_benefits" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"kind" "plan_benefit_kind" NOT NULL,
	"reason_id" integer,
	"vaccination" boolean DEFAULT false NOT NULL,
	"allowance_per_year" smallint,
	"discount_percent" smallint,
	CONSTRAINT "health_plan_benefits_name_uq" UNIQUE("plan_id","name"),
	CONSTRAINT "health_plan_benefits_kind_ck" CHECK (case "health_plan_benefits"."kind"
            when 'allowance' then "health_plan_benefits"."discount_percent" is null
              and ("health_plan_benefits"."allowance_per_year" is null or "health_plan_benefits"."allowance_per_year" between 1 and 365)
            else "health_plan_benefits"."allowance_per_year" is null and "health_plan_benefits"."reason_id" is null and not "health_plan_benefits"."vaccination"
              and "health_plan_benefits"."discount_percent" between 1 and 100 end)
);
--> statement-breakpoint
CREATE TABLE "health_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"pms_ref" text,
	"version" integer DEFAULT 1 NOT NULL,
	"import_fingerprint" uuid,
	"practice_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"species_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"min_age_months" smallint DEFAULT 0 NOT NULL,
	"max_age_months" smallint,
	"monthly_pence" integer NOT NULL,
	"yearly_pence" integer,
	"next_monthly_pence" integer,
	"next_yearly_pence" integer,
	"next_price_from" date,
	"minimum_term_months" smallint DEFAULT 12 NOT NULL,
	"cooling_off_days" smallint DEFAULT 14 NOT NULL,
	"early_exit_fee_pence" integer DEFAULT 0 NOT NULL,
	"exit_terms" text,
	"renewal_terms" text,
	"offered_online" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "health_plans_pms_ref_unique" UNIQUE("pms_ref"),
	CONSTRAINT "health_plans_prices_ck" CHECK ("health_plans"."monthly_pence" between 0 and 1000000
          and ("health_plans"."yearly_pence" is null or "health_plans"."yearly_pence" between 0 and 1000000)
          and ("health_plans"."next_monthly_pence" is null or "health_plans"."next_monthly_pence" between 0 and 1000000)
          and ("health_plans"."next_yearly_pence" is null or "health_plans"."next_yearly_pence" between 0 and 1000000)
          and (("health_plans"."next_monthly_pence" is null) = ("health_plans"."next_price_from" is null))),
	CONSTRAINT "health_plans_ages_ck" CHECK ("health_plans"."min_age_months" between 0 and 360
          and ("health_plans"."max_age_months" is null or "health_plans"."max_age_months" between "health_plans"."min_age_months" + 1 and 360)),
	CONSTRAINT "health_plans_terms_ck" CHECK ("health_plans"."minimum_term_months" between 0 and 60 and "health_plans"."cooling_off_days" between 14 and 365
          and "health_plans"."early_exit_fee_pence" between 0 and 1000000)
);
--> statement-breakpoint
CREATE TABLE "plan_membership_uses" (
	"membership_id" integer NOT NULL,
	"benefit_id" integer NOT NULL,
	"used" smallint NOT NULL,
	CONSTRAINT "plan_membership_uses_uq" UNIQUE("membership_id","benefit_id"),
	CONSTRAINT "plan_membership_uses_used_ck" CHECK ("plan_membership_uses"."used" between 0 and 365)
);
--> statement-breakpoint
CREATE TABLE "plan_memberships" (
	"id" serial PRIMARY KEY NOT NULL,
	"pms_ref" text,
	"version" integer DEFAULT 1 NOT NULL,
	"import_fingerprint" uuid,
	"practice_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"pet_id" integer NOT NULL,
	"status" "plan_membership_status" NOT NULL,
	"billing" "plan_billing" DEFAULT 'monthly' NOT NULL,
	"price_pence" integer NOT NULL,
	"started_on" date NOT NULL,
	"renews_on" date NOT NULL,
	"next_payment_on" date,
	"payment_failed_on" date,
	"ended_at" timestamp with time zone,
	"ended_by" "plan_membership_canceller",
	"end_reason" "plan_membership_end_reason",
	"exit_fee_pence" integer,
	"dd_billing_request_id" text,
	"dd_mandate_id" text,
	"dd_subscription_id" text,
	"dd_mandate_status" text,
	"renewal_notice_for" date,
	"payment_failure_notice_for" date,
	"pet_gone_offered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_memberships_pms_ref_unique" UNIQUE("pms_ref"),
	CONSTRAINT "plan_memberships_dates_ck" CHECK ("plan_memberships"."renews_on" > "plan_memberships"."started_on" and "plan_memberships"."price_pence" between 0 and 1000000),
	CONSTRAINT "plan_memberships_ended_ck" CHECK (("plan_memberships"."status" in ('cancelled', 'ended')) = ("plan_memberships"."ended_at" is not null)
          and ("plan_memberships"."status" <> 'cancelled' or ("plan_memberships"."ended_by" is not null and "plan_memberships"."end_reason" is not null)))
);
--> statement-breakpoint
ALTER TABLE "health_plan_benefits" ADD CONSTRAINT "health_plan_benefits_plan_id_health_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."health_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_plan_benefits" ADD CONSTRAINT "health_plan_benefits_reason_id_appointment_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."appointment_reasons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "health_plans" ADD CONSTRAINT "health_plans_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_membership_uses" ADD CONSTRAINT "plan_membership_uses_membership_id_plan_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."plan_memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_membership_uses" ADD CONSTRAINT "plan_membership_uses_benefit_id_health_plan_benefits_id_fk" FOREIGN KEY ("benefit_id") REFERENCES "public"."health_plan_benefits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_memberships" ADD CONSTRAINT "plan_memberships_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_memberships" ADD CONSTRAINT "plan_memberships_plan_id_health_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."health_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_memberships" ADD CONSTRAINT "plan_memberships_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_memberships" ADD CONSTRAINT "plan_memberships_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "direct_debit_events_received_idx" ON "direct_debit_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "health_plan_benefits_reason_idx" ON "health_plan_benefits" USING btree ("reason_id");--> statement-breakpoint
CREATE INDEX "health_plans_practice_idx" ON "health_plans" USING btree ("practice_id");--> statement-breakpoint
CREATE INDEX "plan_membership_uses_benefit_idx" ON "plan_membership_uses" USING btree ("benefit_id");--> statement-breakpoint
CREATE INDEX "plan_memberships_pet_idx" ON "plan_memberships" USING btree ("pet_id");--> statement-breakpoint
CREATE INDEX "plan_memberships_client_idx" ON "plan_memberships" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "plan_memberships_plan_idx" ON "plan_memberships" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "plan_memberships_renews_idx" ON "plan_memberships" USING btree ("renews_on") WHERE "plan_memberships"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "plan_memberships_live_uq" ON "plan_memberships" USING btree ("pet_id","plan_id") WHERE "plan_memberships"."status" in ('pending', 'active');--> statement-breakpoint
CREATE UNIQUE INDEX "plan_memberships_dd_request_uq" ON "plan_memberships" USING btree ("dd_billing_request_id");--> statement-breakpoint
CREATE INDEX "plan_memberships_dd_mandate_idx" ON "plan_memberships" USING btree ("dd_mandate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_memberships_dd_subscription_uq" ON "plan_memberships" USING btree ("dd_subscription_id");--> statement-breakpoint
CREATE TRIGGER "health_plans_bump_record_version" BEFORE UPDATE ON "health_plans" FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "bump_record_version"();
--> statement-breakpoint
CREATE TRIGGER "plan_memberships_bump_record_version" BEFORE UPDATE ON "plan_memberships" FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "bump_record_version"();
--> statement-breakpoint
CREATE TRIGGER "health_plans_clear_import_fingerprint" BEFORE UPDATE ON "health_plans" FOR EACH ROW
  WHEN (OLD.import_fingerprint IS NOT NULL AND NEW.import_fingerprint IS NOT DISTINCT FROM OLD.import_fingerprint)
  EXECUTE FUNCTION "clear_import_fingerprint"();
--> statement-breakpoint
CREATE TRIGGER "plan_memberships_clear_import_fingerprint" BEFORE UPDATE ON "plan_memberships" FOR EACH ROW
  WHEN (OLD.import_fingerprint IS NOT NULL AND NEW.import_fingerprint IS NOT DISTINCT FROM OLD.import_fingerprint)
  EXECUTE FUNCTION "clear_import_fingerprint"();
