-- Pets the practice's system knows: a pet rehomed (no longer the client's to book for) and a pet whose sex
-- it never recorded (only that system sets Unknown; the online forms still ask Male or Female).
ALTER TYPE "public"."pet_sex" ADD VALUE 'Unknown';--> statement-breakpoint
ALTER TYPE "public"."pet_status" ADD VALUE 'Rehomed';