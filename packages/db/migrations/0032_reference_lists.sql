CREATE TYPE "public"."list_key_kind" AS ENUM('name', 'synonym', 'code', 'practice_code');--> statement-breakpoint
CREATE TYPE "public"."list_source" AS ENUM('vbo', 'portal', 'group');--> statement-breakpoint
CREATE SEQUENCE "public"."lists_version" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "breed_keys" (
	"breed_id" integer NOT NULL,
	"species_id" integer NOT NULL,
	"key" text NOT NULL,
	"text" text NOT NULL,
	"kind" "list_key_kind" NOT NULL,
	CONSTRAINT "breed_keys_pk" PRIMARY KEY("species_id","key")
);
--> statement-breakpoint
CREATE TABLE "cancellation_reason_keys" (
	"cancellation_reason_id" integer NOT NULL,
	"key" text NOT NULL,
	"text" text NOT NULL,
	"kind" "list_key_kind" NOT NULL,
	CONSTRAINT "cancellation_reason_keys_pk" PRIMARY KEY("key")
);
--> statement-breakpoint
CREATE TABLE "colour_keys" (
	"colour_id" integer NOT NULL,
	"species_id" integer NOT NULL,
	"key" text NOT NULL,
	"text" text NOT NULL,
	"kind" "list_key_kind" NOT NULL,
	CONSTRAINT "colour_keys_pk" PRIMARY KEY("species_id","key")
);
--> statement-breakpoint
CREATE TABLE "insurer_keys" (
	"insurer_id" integer NOT NULL,
	"key" text NOT NULL,
	"text" text NOT NULL,
	"kind" "list_key_kind" NOT NULL,
	CONSTRAINT "insurer_keys_pk" PRIMARY KEY("key")
);
--> statement-breakpoint
CREATE TABLE "salutation_keys" (
	"salutation_id" integer NOT NULL,
	"key" text NOT NULL,
	"text" text NOT NULL,
	"kind" "list_key_kind" NOT NULL,
	CONSTRAINT "salutation_keys_pk" PRIMARY KEY("key")
);
--> statement-breakpoint
CREATE TABLE "species_keys" (
	"species_id" integer NOT NULL,
	"key" text NOT NULL,
	"text" text NOT NULL,
	"kind" "list_key_kind" NOT NULL,
	CONSTRAINT "species_keys_pk" PRIMARY KEY("key")
);
--> statement-breakpoint
ALTER TABLE "breeds" ADD COLUMN "source" "list_source";--> statement-breakpoint
ALTER TABLE "breeds" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "cancellation_reasons" ADD COLUMN "source" "list_source";--> statement-breakpoint
ALTER TABLE "cancellation_reasons" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "colours" ADD COLUMN "source" "list_source";--> statement-breakpoint
ALTER TABLE "colours" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "insurers" ADD COLUMN "source" "list_source";--> statement-breakpoint
ALTER TABLE "insurers" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "salutations" ADD COLUMN "source" "list_source";--> statement-breakpoint
ALTER TABLE "salutations" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "species" ADD COLUMN "source" "list_source";--> statement-breakpoint
-- The unique constraints first: breed_keys and colour_keys refer to (id, species_id).
ALTER TABLE "breeds" ADD CONSTRAINT "breeds_source_code_uq" UNIQUE("source","code");--> statement-breakpoint
ALTER TABLE "breeds" ADD CONSTRAINT "breeds_id_species_uq" UNIQUE("id","species_id");--> statement-breakpoint
ALTER TABLE "cancellation_reasons" ADD CONSTRAINT "cancellation_reasons_source_code_uq" UNIQUE("source","code");--> statement-breakpoint
ALTER TABLE "colours" ADD CONSTRAINT "colours_source_code_uq" UNIQUE("source","code");--> statement-breakpoint
ALTER TABLE "colours" ADD CONSTRAINT "colours_id_species_uq" UNIQUE("id","species_id");--> statement-breakpoint
ALTER TABLE "insurers" ADD CONSTRAINT "insurers_source_code_uq" UNIQUE("source","code");--> statement-breakpoint
ALTER TABLE "salutations" ADD CONSTRAINT "salutations_source_code_uq" UNIQUE("source","code");--> statement-breakpoint
ALTER TABLE "breed_keys" ADD CONSTRAINT "breed_keys_entry_fk" FOREIGN KEY ("breed_id","species_id") REFERENCES "public"."breeds"("id","species_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "cancellation_reason_keys" ADD CONSTRAINT "cancellation_reason_keys_cancellation_reason_id_cancellation_reasons_id_fk" FOREIGN KEY ("cancellation_reason_id") REFERENCES "public"."cancellation_reasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "colour_keys" ADD CONSTRAINT "colour_keys_entry_fk" FOREIGN KEY ("colour_id","species_id") REFERENCES "public"."colours"("id","species_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "insurer_keys" ADD CONSTRAINT "insurer_keys_insurer_id_insurers_id_fk" FOREIGN KEY ("insurer_id") REFERENCES "public"."insurers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salutation_keys" ADD CONSTRAINT "salutation_keys_salutation_id_salutations_id_fk" FOREIGN KEY ("salutation_id") REFERENCES "public"."salutations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "species_keys" ADD CONSTRAINT "species_keys_species_id_species_id_fk" FOREIGN KEY ("species_id") REFERENCES "public"."species"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "breed_keys_entry_idx" ON "breed_keys" USING btree ("breed_id");--> statement-breakpoint
CREATE INDEX "cancellation_reason_keys_entry_idx" ON "cancellation_reason_keys" USING btree ("cancellation_reason_id");--> statement-breakpoint
CREATE INDEX "colour_keys_entry_idx" ON "colour_keys" USING btree ("colour_id");--> statement-breakpoint
CREATE INDEX "insurer_keys_entry_idx" ON "insurer_keys" USING btree ("insurer_id");--> statement-breakpoint
CREATE INDEX "salutation_keys_entry_idx" ON "salutation_keys" USING btree ("salutation_id");--> statement-breakpoint
CREATE INDEX "species_keys_entry_idx" ON "species_keys" USING btree ("species_id");--> statement-breakpoint
CREATE UNIQUE INDEX "species_listed_code_uq" ON "species" USING btree ("code") WHERE "species"."source" is not null;--> statement-breakpoint
ALTER TABLE "breeds" ADD CONSTRAINT "breeds_source_code_ck" CHECK (("breeds"."source" is null) = ("breeds"."code" is null));--> statement-breakpoint
ALTER TABLE "cancellation_reasons" ADD CONSTRAINT "cancellation_reasons_source_code_ck" CHECK (("cancellation_reasons"."source" is null) = ("cancellation_reasons"."code" is null));--> statement-breakpoint
ALTER TABLE "colours" ADD CONSTRAINT "colours_source_code_ck" CHECK (("colours"."source" is null) = ("colours"."code" is null));--> statement-breakpoint
ALTER TABLE "insurers" ADD CONSTRAINT "insurers_source_code_ck" CHECK (("insurers"."source" is null) = ("insurers"."code" is null));--> statement-breakpoint
ALTER TABLE "salutations" ADD CONSTRAINT "salutations_source_code_ck" CHECK (("salutations"."source" is null) = ("salutations"."code" is null));--> statement-breakpoint
-- Decision 0096: any change to a list or its keys moves lists_version, so a process holding the lists
-- (the integration API's matching) knows to read them again. Once per statement, whatever its rows.
CREATE FUNCTION "public"."bump_lists_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('public.lists_version');
  RETURN NULL;
END
$$;--> statement-breakpoint
DO $$
DECLARE
  list text;
BEGIN
  FOREACH list IN ARRAY ARRAY['salutations', 'species', 'breeds', 'colours', 'insurers', 'cancellation_reasons',
    'salutation_keys', 'species_keys', 'breed_keys', 'colour_keys', 'insurer_keys', 'cancellation_reason_keys']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.%I
      FOR EACH STATEMENT EXECUTE FUNCTION public.bump_lists_version()', list || '_bump_lists_version', list);
  END LOOP;
END
$$;
