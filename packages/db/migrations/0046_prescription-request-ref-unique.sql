-- The constraint the schema declares, over the index 0045 built: a moment's lock, no scan.
ALTER TABLE "prescription_requests" ADD CONSTRAINT "prescription_requests_pms_ref_unique" UNIQUE USING INDEX "prescription_requests_pms_ref_unique";
