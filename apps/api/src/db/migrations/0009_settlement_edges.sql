CREATE TABLE "customer_name_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"old_first_name" text,
	"old_last_name" text,
	"new_first_name" text NOT NULL,
	"new_last_name" text NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_liquidity_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"client_order_id" text NOT NULL,
	"crypto" text NOT NULL,
	"fiat" text NOT NULL,
	"crypto_amount" numeric(30, 10) NOT NULL,
	"filled_price" numeric(30, 10) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_notices" (
	"id" text PRIMARY KEY NOT NULL,
	"party" text NOT NULL,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_answer_status" integer,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "sandbox_consents" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "customer_name_changes" ADD CONSTRAINT "customer_name_changes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_name_changes_customer_idx" ON "customer_name_changes" USING btree ("customer_id","changed_at");--> statement-breakpoint
CREATE INDEX "sandbox_liquidity_orders_client_idx" ON "sandbox_liquidity_orders" USING btree ("client_order_id");--> statement-breakpoint
CREATE INDEX "sandbox_notices_due_idx" ON "sandbox_notices" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE FUNCTION "customer_name_changes_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'customer_name_changes is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "customer_name_changes_append_only" BEFORE UPDATE OR DELETE ON "customer_name_changes" FOR EACH ROW EXECUTE FUNCTION "customer_name_changes_append_only"();
