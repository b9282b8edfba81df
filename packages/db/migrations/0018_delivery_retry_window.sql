-- A delivery's retry window (decision 0067): when its retries began, so it is parked once the window has
-- passed since then; a re-drive clears it and opens a new window.
ALTER TABLE "webhook_deliveries" ADD COLUMN "retrying_since" timestamp with time zone;
