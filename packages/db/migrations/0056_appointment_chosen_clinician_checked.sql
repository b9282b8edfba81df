-- 0055's foreign key validated without blocking writes (decision 0125).
ALTER TABLE "appointments" VALIDATE CONSTRAINT "appointments_chosen_clinician_id_clinicians_id_fk";
