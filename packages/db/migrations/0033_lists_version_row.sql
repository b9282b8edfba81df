-- Decision 0096: the lists' version moves with the change that moves it. A sequence moved before the
-- change committed, so a reader could take the new version with the old lists and keep them.
DROP SEQUENCE "public"."lists_version";--> statement-breakpoint
CREATE TABLE "lists_version" (
	"one" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "lists_version_one_ck" CHECK ("lists_version"."one")
);
--> statement-breakpoint
INSERT INTO "lists_version" ("one", "version") VALUES (true, 0);--> statement-breakpoint
-- The triggers of migration 0032 stay; their function now moves the row, in the changing transaction.
CREATE OR REPLACE FUNCTION "public"."bump_lists_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.lists_version SET version = version + 1;
  RETURN NULL;
END
$$;
