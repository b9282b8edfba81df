ALTER TABLE "prescription_requests" ADD COLUMN "pms_ref" text;--> statement-breakpoint
ALTER TABLE "prescription_requests" ADD CONSTRAINT "prescription_requests_pms_ref_unique" UNIQUE("pms_ref");