ALTER TABLE "prescription_requests" ADD COLUMN "pms_ref" text;
