ALTER TABLE "webhook_events" ADD COLUMN "payload" jsonb;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
-- Events stored before this migration were handled in the same transaction as their effect: they are decided.
UPDATE "webhook_events" SET "decided_at" = "received_at" WHERE "decided_at" IS NULL;
