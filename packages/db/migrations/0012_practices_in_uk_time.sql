-- Every practice keeps UK time (decision 0055): the API computes slots, the web shows times and the
-- e-mails write them by one rule, `@vet/contracts/practice-clock` (practiceTimeZone). A practice in any
-- other zone would be shown times in a zone the API did not compute them in, so the table refuses one.
ALTER TABLE "practices" ADD CONSTRAINT "practices_time_zone_uk_ck" CHECK ("practices"."time_zone" = 'Europe/London');
