CREATE TABLE "four_eyes_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action" text NOT NULL,
	"target" text NOT NULL,
	"detail" jsonb NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"requested_by" uuid NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_reason" text
);
--> statement-breakpoint
ALTER TABLE "four_eyes_requests" ADD CONSTRAINT "four_eyes_requests_requested_by_operator_accounts_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."operator_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "four_eyes_requests" ADD CONSTRAINT "four_eyes_requests_decided_by_operator_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operator_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "four_eyes_requests_status_idx" ON "four_eyes_requests" USING btree ("status","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "four_eyes_requests_open_idx" ON "four_eyes_requests" USING btree ("action","target") WHERE "four_eyes_requests"."status" = 'requested';--> statement-breakpoint
-- Hand-written (decision 132): the second pair of eyes is another operator's, and a request is decided once, never
-- changed afterwards nor deleted.
ALTER TABLE "four_eyes_requests" ADD CONSTRAINT "four_eyes_requests_other_operator" CHECK ("decided_by" IS NULL OR "decided_by" <> "requested_by");--> statement-breakpoint
ALTER TABLE "four_eyes_requests" ADD CONSTRAINT "four_eyes_requests_decided" CHECK (("status" = 'requested') = ("decided_by" IS NULL AND "decided_at" IS NULL));--> statement-breakpoint
CREATE FUNCTION "four_eyes_requests_decided_once"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' OR OLD."status" <> 'requested' OR NEW."id" <> OLD."id" OR NEW."action" <> OLD."action" OR NEW."target" <> OLD."target" OR NEW."detail" <> OLD."detail" OR NEW."requested_by" <> OLD."requested_by" OR NEW."requested_at" <> OLD."requested_at" OR NEW."reason" <> OLD."reason" THEN
		RAISE EXCEPTION 'four_eyes_requests: a request is decided once and never changed or deleted';
	END IF;
	RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "four_eyes_requests_decided_once" BEFORE UPDATE OR DELETE ON "four_eyes_requests" FOR EACH ROW EXECUTE FUNCTION "four_eyes_requests_decided_once"();
