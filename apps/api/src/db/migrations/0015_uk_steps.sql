CREATE TABLE "uk_assessment_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"asset_type" text NOT NULL,
	"questions_version" text NOT NULL,
	"set_id" text NOT NULL,
	"attempt" integer NOT NULL,
	"questions" jsonb NOT NULL,
	"score" integer NOT NULL,
	"pass_mark" integer NOT NULL,
	"passed" boolean NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "uk_categorisations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"text_version" text NOT NULL,
	"category" text NOT NULL,
	"answers" jsonb NOT NULL,
	"qualified" boolean NOT NULL,
	"signature" text NOT NULL,
	"name_on_record" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "uk_cooling_off_decisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"text_version" text NOT NULL,
	"choice" text NOT NULL,
	"decided_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uk_cooling_off_starts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uk_risk_warning_decisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"text_version" text NOT NULL,
	"name_shown" text NOT NULL,
	"choice" text NOT NULL,
	"summary_opened" boolean NOT NULL,
	"decided_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uk_assessment_attempts" ADD CONSTRAINT "uk_assessment_attempts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uk_categorisations" ADD CONSTRAINT "uk_categorisations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uk_cooling_off_decisions" ADD CONSTRAINT "uk_cooling_off_decisions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uk_cooling_off_starts" ADD CONSTRAINT "uk_cooling_off_starts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uk_risk_warning_decisions" ADD CONSTRAINT "uk_risk_warning_decisions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "uk_assessment_attempts_attempt_idx" ON "uk_assessment_attempts" USING btree ("customer_id","asset_type","attempt");--> statement-breakpoint
CREATE INDEX "uk_categorisations_customer_idx" ON "uk_categorisations" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "uk_cooling_off_decisions_customer_idx" ON "uk_cooling_off_decisions" USING btree ("customer_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "uk_cooling_off_starts_customer_idx" ON "uk_cooling_off_starts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "uk_risk_warning_decisions_customer_idx" ON "uk_risk_warning_decisions" USING btree ("customer_id","id");--> statement-breakpoint
CREATE FUNCTION "uk_risk_warning_decisions_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'uk_risk_warning_decisions is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "uk_risk_warning_decisions_append_only" BEFORE UPDATE OR DELETE ON "uk_risk_warning_decisions" FOR EACH ROW EXECUTE FUNCTION "uk_risk_warning_decisions_append_only"();
--> statement-breakpoint
CREATE FUNCTION "uk_cooling_off_starts_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'uk_cooling_off_starts is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "uk_cooling_off_starts_append_only" BEFORE UPDATE OR DELETE ON "uk_cooling_off_starts" FOR EACH ROW EXECUTE FUNCTION "uk_cooling_off_starts_append_only"();
--> statement-breakpoint
CREATE FUNCTION "uk_cooling_off_decisions_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'uk_cooling_off_decisions is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "uk_cooling_off_decisions_append_only" BEFORE UPDATE OR DELETE ON "uk_cooling_off_decisions" FOR EACH ROW EXECUTE FUNCTION "uk_cooling_off_decisions_append_only"();
--> statement-breakpoint
CREATE FUNCTION "uk_categorisations_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'uk_categorisations is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "uk_categorisations_append_only" BEFORE UPDATE OR DELETE ON "uk_categorisations" FOR EACH ROW EXECUTE FUNCTION "uk_categorisations_append_only"();
--> statement-breakpoint
CREATE FUNCTION "uk_assessment_attempts_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'uk_assessment_attempts is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "uk_assessment_attempts_append_only" BEFORE UPDATE OR DELETE ON "uk_assessment_attempts" FOR EACH ROW EXECUTE FUNCTION "uk_assessment_attempts_append_only"();
