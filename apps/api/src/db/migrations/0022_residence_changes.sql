CREATE TABLE "customer_residence_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"old_country" text,
	"new_country" text NOT NULL,
	"declared_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_residence_changes" ADD CONSTRAINT "customer_residence_changes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_residence_changes_customer_idx" ON "customer_residence_changes" USING btree ("customer_id","declared_at");--> statement-breakpoint
CREATE FUNCTION "customer_residence_changes_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'customer_residence_changes is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "customer_residence_changes_append_only" BEFORE UPDATE OR DELETE ON "customer_residence_changes" FOR EACH ROW EXECUTE FUNCTION "customer_residence_changes_append_only"();
