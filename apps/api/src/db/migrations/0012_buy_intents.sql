CREATE TABLE "buy_intents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "buy_intents" ADD CONSTRAINT "buy_intents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "buy_intents_order_idx" ON "buy_intents" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "buy_intents_one_placed_idx" ON "buy_intents" USING btree ("order_id") WHERE "buy_intents"."state" = 'placed';