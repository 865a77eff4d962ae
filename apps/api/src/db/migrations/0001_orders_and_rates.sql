CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"cause" text NOT NULL,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"tran_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"status" text NOT NULL,
	"order_type" text DEFAULT 'buy' NOT NULL,
	"fiat" text NOT NULL,
	"crypto" text NOT NULL,
	"fiat_amount" numeric(20, 2) NOT NULL,
	"fee" numeric(20, 2) NOT NULL,
	"net_fiat" numeric(20, 2) NOT NULL,
	"crypto_amount" numeric(30, 10) NOT NULL,
	"mid_rate" numeric(30, 10) NOT NULL,
	"spread_bps" integer NOT NULL,
	"fee_bps" integer NOT NULL,
	"customer_rate" numeric(30, 10) NOT NULL,
	"rate_source" text NOT NULL,
	"rate_fetched_at" timestamp with time zone NOT NULL,
	"wallet" text NOT NULL,
	"affiliate_token" text NOT NULL,
	"method_group" text,
	"method_option" text,
	"price_expires_at" timestamp with time zone NOT NULL,
	"created_mail_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_reference_unique" UNIQUE("reference"),
	CONSTRAINT "orders_tran_id_unique" UNIQUE("tran_id")
);
--> statement-breakpoint
CREATE TABLE "rates" (
	"crypto" text NOT NULL,
	"fiat" text NOT NULL,
	"mid" numeric(30, 10) NOT NULL,
	"source" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rates_crypto_fiat_pk" PRIMARY KEY("crypto","fiat")
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "postal" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "details_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "orders_customer_created_idx" ON "orders" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_status_expiry_idx" ON "orders" USING btree ("status","price_expires_at");