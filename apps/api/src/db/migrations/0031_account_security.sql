CREATE TABLE "email_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"old_email" text NOT NULL,
	"new_email" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"undo_token_hash" text,
	"undo_until" timestamp with time zone,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_changes_customer_idx" ON "email_changes" USING btree ("customer_id","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "email_changes_undo_token_idx" ON "email_changes" USING btree ("undo_token_hash");--> statement-breakpoint
-- Decision 121 (written by hand): a session revoked is announced on the channel session_revoked with its customer's id,
-- at commit and not at all on rollback, so that every process forgets the sessions it had found valid before it
-- answers its next call.
CREATE FUNCTION "notify_session_revoked"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('session_revoked', NEW.customer_id::text);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_notify_revoked" AFTER UPDATE OF "revoked_at" ON "sessions"
	FOR EACH ROW WHEN (OLD."revoked_at" IS NULL AND NEW."revoked_at" IS NOT NULL)
	EXECUTE FUNCTION "notify_session_revoked"();
