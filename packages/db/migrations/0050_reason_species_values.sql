CREATE TABLE "appointment_reason_species_values" (
	"reason_id" integer NOT NULL,
	"value_id" integer NOT NULL,
	CONSTRAINT "reason_species_values_pk" PRIMARY KEY("reason_id","value_id")
);
--> statement-breakpoint
ALTER TABLE "appointment_reason_species_values" ADD CONSTRAINT "reason_species_values_reason_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."appointment_reasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_reason_species_values" ADD CONSTRAINT "reason_species_values_value_fk" FOREIGN KEY ("value_id") REFERENCES "public"."practice_list_values"("id") ON DELETE no action ON UPDATE no action;