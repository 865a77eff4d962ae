CREATE TABLE "partner_webhook_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"status_code" integer,
	"error" text,
	"manual" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"partner_id" uuid NOT NULL,
	"order_id" uuid,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"gave_up_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "partner_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"key_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"customer_ip" text NOT NULL,
	"bind_ip" boolean NOT NULL,
	"prefill" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"partner_order_id" text,
	"return_url" text NOT NULL,
	"language" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"claimed_ip" text,
	"entry_hash" text,
	"entry_expires_at" timestamp with time zone,
	"customer_id" uuid,
	"signed_in_at" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "partner_webhook_secrets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"sealed_secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "partner_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "partner_order_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "partner_session_id" uuid;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "webhook_disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "partner_session_id" uuid;--> statement-breakpoint
ALTER TABLE "partner_webhook_attempts" ADD CONSTRAINT "partner_webhook_attempts_event_id_partner_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."partner_webhook_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_webhook_attempts" ADD CONSTRAINT "partner_webhook_attempts_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_webhook_events" ADD CONSTRAINT "partner_webhook_events_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_webhook_events" ADD CONSTRAINT "partner_webhook_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_sessions" ADD CONSTRAINT "partner_sessions_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_sessions" ADD CONSTRAINT "partner_sessions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_webhook_secrets" ADD CONSTRAINT "partner_webhook_secrets_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_webhook_attempts_event_idx" ON "partner_webhook_attempts" USING btree ("event_id","id");--> statement-breakpoint
CREATE INDEX "partner_webhook_events_due_idx" ON "partner_webhook_events" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE INDEX "partner_webhook_events_order_idx" ON "partner_webhook_events" USING btree ("order_id","seq");--> statement-breakpoint
CREATE INDEX "partner_webhook_events_partner_idx" ON "partner_webhook_events" USING btree ("partner_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_sessions_token_unique" ON "partner_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_sessions_entry_unique" ON "partner_sessions" USING btree ("entry_hash");--> statement-breakpoint
CREATE INDEX "partner_sessions_partner_idx" ON "partner_sessions" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "partner_webhook_secrets_partner_idx" ON "partner_webhook_secrets" USING btree ("partner_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_partner_session_id_partner_sessions_id_fk" FOREIGN KEY ("partner_session_id") REFERENCES "public"."partner_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_partner_session_id_partner_sessions_id_fk" FOREIGN KEY ("partner_session_id") REFERENCES "public"."partner_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_partner_created_idx" ON "orders" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_partner_order_idx" ON "orders" USING btree ("partner_id","partner_order_id");