CREATE TABLE "link_stages" (
	"identity_issuer" text NOT NULL,
	"identity_subject" text NOT NULL,
	"stage" text NOT NULL,
	"practice_id" integer NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "link_stages_identity_issuer_identity_subject_pk" PRIMARY KEY("identity_issuer","identity_subject")
);
--> statement-breakpoint
ALTER TABLE "link_stages" ADD CONSTRAINT "link_stages_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE no action ON UPDATE no action;