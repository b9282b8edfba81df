CREATE TABLE "idp_password_resets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idp_password_resets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "verification_codes" ALTER COLUMN "identity_issuer" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "verification_codes" ALTER COLUMN "identity_subject" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD COLUMN "check_token_hash" text;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD COLUMN "offer" text;--> statement-breakpoint
ALTER TABLE "idp_password_resets" ADD CONSTRAINT "idp_password_resets_account_id_idp_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."idp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idp_password_resets_account_idx" ON "idp_password_resets" USING btree ("account_id");--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_check_token_hash_unique" UNIQUE("check_token_hash");