CREATE TABLE "request_keys" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"call" text NOT NULL,
	"customer_id" uuid,
	"key" text NOT NULL,
	"body_digest" text NOT NULL,
	"outcome" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "request_keys_call_customer_key_unique" UNIQUE NULLS NOT DISTINCT("call","customer_id","key")
);
--> statement-breakpoint
ALTER TABLE "request_keys" ADD CONSTRAINT "request_keys_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_keys_created_idx" ON "request_keys" USING btree ("created_at");