ALTER TABLE "account_events" ADD COLUMN "job_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "account_events_job_idx" ON "account_events" USING btree ("job_id");