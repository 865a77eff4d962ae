CREATE TABLE "enhanced_check_decisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"questionnaire_id" bigint NOT NULL,
	"decision" text NOT NULL,
	"operator" text NOT NULL,
	"reason" text NOT NULL,
	"decided_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaire_answers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"questions_version" text NOT NULL,
	"politically_exposed" boolean NOT NULL,
	"pep_details" text,
	"high_risk_country_ties" boolean NOT NULL,
	"high_risk_countries" jsonb NOT NULL,
	"high_risk_details" text,
	"source_of_wealth" text NOT NULL,
	"source_of_wealth_details" text NOT NULL,
	"answered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "source_of_funds_answers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"questions_version" text NOT NULL,
	"beneficial_owner_declaration" text NOT NULL,
	"employment_status" text NOT NULL,
	"occupation" text NOT NULL,
	"income_band" text NOT NULL,
	"funds_origin" text NOT NULL,
	"funds_origin_details" text,
	"purpose" text NOT NULL,
	"purpose_details" text,
	"expected_yearly_volume" text NOT NULL,
	"politically_exposed" boolean NOT NULL,
	"high_risk_country_ties" boolean NOT NULL,
	"answered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enhanced_check_decisions" ADD CONSTRAINT "enhanced_check_decisions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enhanced_check_decisions" ADD CONSTRAINT "enhanced_check_decisions_questionnaire_id_questionnaire_answers_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaire_answers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_answers" ADD CONSTRAINT "questionnaire_answers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_of_funds_answers" ADD CONSTRAINT "source_of_funds_answers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "enhanced_check_decisions_questionnaire_idx" ON "enhanced_check_decisions" USING btree ("questionnaire_id");--> statement-breakpoint
CREATE INDEX "enhanced_check_decisions_customer_idx" ON "enhanced_check_decisions" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "questionnaire_answers_customer_idx" ON "questionnaire_answers" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "source_of_funds_answers_customer_idx" ON "source_of_funds_answers" USING btree ("customer_id","id");--> statement-breakpoint
CREATE FUNCTION "source_of_funds_answers_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'source_of_funds_answers is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "source_of_funds_answers_append_only" BEFORE UPDATE OR DELETE ON "source_of_funds_answers" FOR EACH ROW EXECUTE FUNCTION "source_of_funds_answers_append_only"();--> statement-breakpoint
CREATE FUNCTION "questionnaire_answers_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'questionnaire_answers is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "questionnaire_answers_append_only" BEFORE UPDATE OR DELETE ON "questionnaire_answers" FOR EACH ROW EXECUTE FUNCTION "questionnaire_answers_append_only"();--> statement-breakpoint
CREATE FUNCTION "enhanced_check_decisions_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'enhanced_check_decisions is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "enhanced_check_decisions_append_only" BEFORE UPDATE OR DELETE ON "enhanced_check_decisions" FOR EACH ROW EXECUTE FUNCTION "enhanced_check_decisions_append_only"();
