CREATE TABLE "operator_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"login_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"roles" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"disabled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "operator_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"operator_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "operator_totp_factors" (
	"operator_id" uuid PRIMARY KEY NOT NULL,
	"sealed_secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_used_step" bigint
);
--> statement-breakpoint
ALTER TABLE "operator_actions" ADD COLUMN "operator_id" uuid;--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD CONSTRAINT "operator_sessions_operator_id_operator_accounts_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operator_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_totp_factors" ADD CONSTRAINT "operator_totp_factors_operator_id_operator_accounts_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operator_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "operator_accounts_login_name_idx" ON "operator_accounts" USING btree ("login_name");--> statement-breakpoint
CREATE UNIQUE INDEX "operator_sessions_token_idx" ON "operator_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "operator_sessions_operator_idx" ON "operator_sessions" USING btree ("operator_id");--> statement-breakpoint
ALTER TABLE "operator_actions" ADD CONSTRAINT "operator_actions_operator_id_operator_accounts_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operator_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Hand-written (decision 127): an operator holds one or more of the four roles, nothing else.
ALTER TABLE "operator_accounts" ADD CONSTRAINT "operator_accounts_roles_check" CHECK (cardinality("roles") >= 1 AND "roles" <@ ARRAY['support', 'compliance', 'finance', 'admin']::text[]);
