CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"media_type" text NOT NULL,
	"file_name" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"key_id" text NOT NULL,
	"iv" "bytea" NOT NULL,
	"auth_tag" "bytea" NOT NULL,
	"ciphertext" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"applicant_id" text,
	"status" text NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"customer_message" text,
	"provider_event_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"check_id" uuid NOT NULL,
	"type" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"notice_key" text,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_events_notice_key_unique" UNIQUE("notice_key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_idv_applicants" (
	"id" text PRIMARY KEY NOT NULL,
	"external_user_id" text NOT NULL,
	"email" text NOT NULL,
	"return_url" text NOT NULL,
	"last_outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_idv_applicants_external_user_id_unique" UNIQUE("external_user_id")
);
--> statement-breakpoint
CREATE TABLE "wallet_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"crypto" text NOT NULL,
	"address" text NOT NULL,
	"message" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_proofs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"crypto" text NOT NULL,
	"address" text NOT NULL,
	"method" text NOT NULL,
	"scheme" text,
	"challenge_id" uuid,
	"signature" text,
	"wallet_provider" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_checks" ADD CONSTRAINT "identity_checks_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_events" ADD CONSTRAINT "identity_events_check_id_identity_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."identity_checks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_challenges" ADD CONSTRAINT "wallet_challenges_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_proofs" ADD CONSTRAINT "wallet_proofs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_proofs" ADD CONSTRAINT "wallet_proofs_challenge_id_wallet_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."wallet_challenges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_customer_idx" ON "documents" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_checks_customer_provider_idx" ON "identity_checks" USING btree ("customer_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_checks_applicant_idx" ON "identity_checks" USING btree ("provider","applicant_id");--> statement-breakpoint
CREATE INDEX "identity_events_check_idx" ON "identity_events" USING btree ("check_id","id");--> statement-breakpoint
CREATE INDEX "wallet_challenges_customer_idx" ON "wallet_challenges" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_proofs_customer_wallet_idx" ON "wallet_proofs" USING btree ("customer_id","crypto","address");