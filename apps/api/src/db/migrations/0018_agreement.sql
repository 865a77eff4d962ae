CREATE TABLE "agreement_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"signing_id" uuid NOT NULL,
	"type" text NOT NULL,
	"notice_key" text,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agreement_events_notice_key_unique" UNIQUE("notice_key")
);
--> statement-breakpoint
CREATE TABLE "agreement_signings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"agreement_version" text NOT NULL,
	"envelope_id" text,
	"status" text NOT NULL,
	"signer_name" text NOT NULL,
	"order_reference" text,
	"request_ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_esign_envelopes" (
	"id" text PRIMARY KEY NOT NULL,
	"client_user_id" text NOT NULL,
	"email" text NOT NULL,
	"signer_name" text NOT NULL,
	"agreement_version" text NOT NULL,
	"document_text" text NOT NULL,
	"return_url" text NOT NULL,
	"status" text NOT NULL,
	"signed_name" text,
	"signer_ip" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signed_agreements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"signing_id" uuid NOT NULL,
	"agreement_version" text NOT NULL,
	"provider" text NOT NULL,
	"envelope_id" text NOT NULL,
	"signer_name" text NOT NULL,
	"signer_ip" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"media_type" text NOT NULL,
	"file_name" text NOT NULL,
	"sha256" text NOT NULL,
	"key_id" text NOT NULL,
	"iv" "bytea" NOT NULL,
	"auth_tag" "bytea" NOT NULL,
	"ciphertext" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agreement_events" ADD CONSTRAINT "agreement_events_signing_id_agreement_signings_id_fk" FOREIGN KEY ("signing_id") REFERENCES "public"."agreement_signings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_signings" ADD CONSTRAINT "agreement_signings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_agreements" ADD CONSTRAINT "signed_agreements_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_agreements" ADD CONSTRAINT "signed_agreements_signing_id_agreement_signings_id_fk" FOREIGN KEY ("signing_id") REFERENCES "public"."agreement_signings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agreement_events_signing_idx" ON "agreement_events" USING btree ("signing_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_signings_envelope_idx" ON "agreement_signings" USING btree ("provider","envelope_id");--> statement-breakpoint
CREATE INDEX "agreement_signings_customer_idx" ON "agreement_signings" USING btree ("customer_id","agreement_version");--> statement-breakpoint
CREATE UNIQUE INDEX "signed_agreements_signing_idx" ON "signed_agreements" USING btree ("signing_id");--> statement-breakpoint
CREATE INDEX "signed_agreements_customer_idx" ON "signed_agreements" USING btree ("customer_id","agreement_version");--> statement-breakpoint
-- Hand-written (decision 044): signed agreements and the trail of each signing are append-only.
CREATE FUNCTION "signed_agreements_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'signed_agreements is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "signed_agreements_append_only" BEFORE UPDATE OR DELETE ON "signed_agreements" FOR EACH ROW EXECUTE FUNCTION "signed_agreements_append_only"();
--> statement-breakpoint
CREATE FUNCTION "agreement_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'agreement_events is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "agreement_events_append_only" BEFORE UPDATE OR DELETE ON "agreement_events" FOR EACH ROW EXECUTE FUNCTION "agreement_events_append_only"();
