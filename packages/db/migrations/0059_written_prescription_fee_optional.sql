ALTER TABLE "practices" ALTER COLUMN "written_prescription_fee_pence" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "practices" ALTER COLUMN "written_prescription_fee_pence" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "practices" ALTER COLUMN "written_prescription_further_fee_pence" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "practices" ALTER COLUMN "written_prescription_further_fee_pence" DROP NOT NULL;