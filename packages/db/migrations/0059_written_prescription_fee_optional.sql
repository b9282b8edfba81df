-- Decision 0148: null is "the practice sets no fee" (the cap in force on the day), not a constant default.
-- Rows keep their amounts; only this release's import writes null, and it reads null as the cap.
ALTER TABLE "practices" ALTER COLUMN "written_prescription_fee_pence" DROP DEFAULT;--> statement-breakpoint
-- squawk-ignore ban-drop-not-null
ALTER TABLE "practices" ALTER COLUMN "written_prescription_fee_pence" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "practices" ALTER COLUMN "written_prescription_further_fee_pence" DROP DEFAULT;--> statement-breakpoint
-- squawk-ignore ban-drop-not-null
ALTER TABLE "practices" ALTER COLUMN "written_prescription_further_fee_pence" DROP NOT NULL;
