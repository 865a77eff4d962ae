ALTER TABLE "orders" ADD COLUMN "settlement_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "withdrawal_requested_at" timestamp with time zone;