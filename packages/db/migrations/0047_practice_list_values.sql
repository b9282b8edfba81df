-- Values no list entry matched, kept as the practice system wrote them (decision 0130). The foreign keys
-- on pets and clients are added NOT VALID (their new columns are all null) and validated in 0048.
CREATE TABLE "practice_list_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"list" text NOT NULL,
	"practice_system" text NOT NULL,
	"species_id" integer,
	"key" text NOT NULL,
	"text" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mapped_at" timestamp with time zone,
	"mapped_species_id" integer,
	"mapped_breed_id" integer,
	"mapped_colour_id" integer,
	"mapped_insurer_id" integer,
	"mapped_salutation_id" integer,
	CONSTRAINT "practice_list_values_list_ck" CHECK ("practice_list_values"."list" in ('species', 'breeds', 'colours', 'insurers', 'salutations')),
	CONSTRAINT "practice_list_values_species_ck" CHECK (("practice_list_values"."species_id" is not null) = ("practice_list_values"."list" in ('breeds', 'colours'))),
	CONSTRAINT "practice_list_values_mapped_ck" CHECK (("practice_list_values"."mapped_at" is not null) = (num_nonnulls("practice_list_values"."mapped_species_id", "practice_list_values"."mapped_breed_id", "practice_list_values"."mapped_colour_id", "practice_list_values"."mapped_insurer_id", "practice_list_values"."mapped_salutation_id") = 1)
        and ("practice_list_values"."mapped_species_id" is null or "practice_list_values"."list" = 'species')
        and ("practice_list_values"."mapped_breed_id" is null or "practice_list_values"."list" = 'breeds')
        and ("practice_list_values"."mapped_colour_id" is null or "practice_list_values"."list" = 'colours')
        and ("practice_list_values"."mapped_insurer_id" is null or "practice_list_values"."list" = 'insurers')
        and ("practice_list_values"."mapped_salutation_id" is null or "practice_list_values"."list" = 'salutations'))
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "salutation_value_id" integer;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "species_value_id" integer;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "breed_value_id" integer;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "colour_value_id" integer;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "insurer_value_id" integer;--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "breed_cross" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "practice_list_values" ADD CONSTRAINT "practice_list_values_species_id_species_id_fk" FOREIGN KEY ("species_id") REFERENCES "public"."species"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_list_values" ADD CONSTRAINT "practice_list_values_mapped_species_id_species_id_fk" FOREIGN KEY ("mapped_species_id") REFERENCES "public"."species"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_list_values" ADD CONSTRAINT "practice_list_values_mapped_insurer_id_insurers_id_fk" FOREIGN KEY ("mapped_insurer_id") REFERENCES "public"."insurers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_list_values" ADD CONSTRAINT "practice_list_values_mapped_salutation_id_salutations_id_fk" FOREIGN KEY ("mapped_salutation_id") REFERENCES "public"."salutations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_list_values" ADD CONSTRAINT "practice_list_values_breed_fk" FOREIGN KEY ("mapped_breed_id","species_id") REFERENCES "public"."breeds"("id","species_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_list_values" ADD CONSTRAINT "practice_list_values_colour_fk" FOREIGN KEY ("mapped_colour_id","species_id") REFERENCES "public"."colours"("id","species_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "practice_list_values_value_uq" ON "practice_list_values" USING btree ("list","practice_system",coalesce("species_id", 0),"key");--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_salutation_value_id_practice_list_values_id_fk" FOREIGN KEY ("salutation_value_id") REFERENCES "public"."practice_list_values"("id") ON DELETE no action ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "pets" ADD CONSTRAINT "pets_species_value_id_practice_list_values_id_fk" FOREIGN KEY ("species_value_id") REFERENCES "public"."practice_list_values"("id") ON DELETE no action ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "pets" ADD CONSTRAINT "pets_breed_value_id_practice_list_values_id_fk" FOREIGN KEY ("breed_value_id") REFERENCES "public"."practice_list_values"("id") ON DELETE no action ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "pets" ADD CONSTRAINT "pets_colour_value_id_practice_list_values_id_fk" FOREIGN KEY ("colour_value_id") REFERENCES "public"."practice_list_values"("id") ON DELETE no action ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "pets" ADD CONSTRAINT "pets_insurer_value_id_practice_list_values_id_fk" FOREIGN KEY ("insurer_value_id") REFERENCES "public"."practice_list_values"("id") ON DELETE no action ON UPDATE no action NOT VALID;
