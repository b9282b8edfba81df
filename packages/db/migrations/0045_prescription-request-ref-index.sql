-- The unique index built without blocking writes (decision 0125); 0046 makes it the constraint.
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "prescription_requests_pms_ref_unique" ON "prescription_requests" ("pms_ref");
