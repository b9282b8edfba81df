-- Validates 0067's check of practices.message_answer_hours (a scan that blocks no writes).
ALTER TABLE "practices" VALIDATE CONSTRAINT "practices_message_answer_hours_ck";
