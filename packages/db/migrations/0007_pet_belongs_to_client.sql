-- An appointment's pet must belong to the appointment's client (security review, docs/security/hardening.md
-- finding 5): the pair (pet_id, client_id) must be a pet of that client, not just any pet. The unique (id,
-- client_id) on pets is the target the composite foreign key needs; it comes first. Existing rows that break
-- the rule make this migration fail, on purpose: they must be corrected by hand.
ALTER TABLE "pets" ADD CONSTRAINT "pets_id_client_uq" UNIQUE("id","client_id");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_pet_client_fk" FOREIGN KEY ("pet_id","client_id") REFERENCES "public"."pets"("id","client_id") ON DELETE no action ON UPDATE no action;
