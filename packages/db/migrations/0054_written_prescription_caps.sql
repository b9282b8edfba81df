-- The written prescription fee's cap, dated (decision 0142): a table of caps by the day they are in
-- force replaces the CHECK of one fixed cap, which would refuse a lawful fee the day the cap rises.
-- The cap the CHECK held is the first row, so that a database holds a cap before its first lists load.
CREATE TABLE "written_prescription_caps" (
	"effective_from" date PRIMARY KEY NOT NULL,
	"first_pence" integer NOT NULL,
	"further_pence" integer NOT NULL,
	CONSTRAINT "written_prescription_caps_pence_ck" CHECK ("written_prescription_caps"."first_pence" >= 0 and "written_prescription_caps"."further_pence" >= 0)
);
--> statement-breakpoint
ALTER TABLE "practices" DROP CONSTRAINT "practices_written_prescription_fee_ck";--> statement-breakpoint
INSERT INTO "written_prescription_caps" ("effective_from", "first_pence", "further_pence") VALUES ('2026-03-24', 2100, 1250);
