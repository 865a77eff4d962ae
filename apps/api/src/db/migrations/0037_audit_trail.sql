ALTER TABLE "operator_actions" ADD COLUMN "customer_id" uuid;--> statement-breakpoint
ALTER TABLE "operator_actions" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "operator_actions" ADD CONSTRAINT "operator_actions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_actions_customer_idx" ON "operator_actions" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "operator_actions_order_idx" ON "operator_actions" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "operator_actions_created_idx" ON "operator_actions" USING btree ("created_at");--> statement-breakpoint
-- Hand-written (decision 133): the rows logged before have their customer and reason filled in from what they kept,
-- the customer named in `detail` (when it is one), else the order's; then the trail is append-only.
UPDATE "operator_actions" SET "customer_id" = "customers"."id" FROM "customers" WHERE "operator_actions"."detail"->>'customerId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' AND "customers"."id" = ("operator_actions"."detail"->>'customerId')::uuid;--> statement-breakpoint
UPDATE "operator_actions" SET "customer_id" = "orders"."customer_id" FROM "orders" WHERE "operator_actions"."customer_id" IS NULL AND "orders"."id" = "operator_actions"."order_id";--> statement-breakpoint
UPDATE "operator_actions" SET "reason" = "detail"->>'reason' WHERE jsonb_typeof("detail"->'reason') = 'string';--> statement-breakpoint
CREATE FUNCTION "operator_actions_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'operator_actions: the audit trail is append-only; a row is never changed or deleted';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "operator_actions_append_only" BEFORE UPDATE OR DELETE ON "operator_actions" FOR EACH ROW EXECUTE FUNCTION "operator_actions_append_only"();
--> statement-breakpoint
CREATE TRIGGER "operator_actions_never_emptied" BEFORE TRUNCATE ON "operator_actions" FOR EACH STATEMENT EXECUTE FUNCTION "operator_actions_append_only"();
