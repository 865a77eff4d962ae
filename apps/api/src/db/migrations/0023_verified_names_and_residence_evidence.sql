ALTER TABLE "customer_residence_changes" ADD COLUMN "visitor_country" text;--> statement-breakpoint
ALTER TABLE "identity_checks" ADD COLUMN "verified_first_name" text;--> statement-breakpoint
ALTER TABLE "identity_checks" ADD COLUMN "verified_last_name" text;--> statement-breakpoint
ALTER TABLE "sandbox_idv_applicants" ADD COLUMN "declared_first_name" text;--> statement-breakpoint
ALTER TABLE "sandbox_idv_applicants" ADD COLUMN "declared_last_name" text;--> statement-breakpoint
ALTER TABLE "sandbox_idv_applicants" ADD COLUMN "document_first_name" text;--> statement-breakpoint
ALTER TABLE "sandbox_idv_applicants" ADD COLUMN "document_last_name" text;