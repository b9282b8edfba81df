ALTER TABLE "appointments" ADD COLUMN "notes_for_client" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- An online booking's notes are the client's own; the practice system's stay its staff's until marked.
UPDATE "appointments" SET "notes_for_client" = true WHERE "source" = 'Online';
