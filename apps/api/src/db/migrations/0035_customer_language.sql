ALTER TABLE "agreement_signings" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "signed_agreements" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
-- Hand-written (decision 131): getGross answers the customer's language, so a change of it is announced like a change
-- of the name or e-mail (decision 058), and each process forgets its copy of that customer's answer.
DROP TRIGGER "customers_notify_changed" ON "customers";
--> statement-breakpoint
CREATE TRIGGER "customers_notify_changed" AFTER UPDATE OF "email", "first_name", "last_name", "language" ON "customers"
	FOR EACH ROW WHEN (
		OLD."email" IS DISTINCT FROM NEW."email"
		OR OLD."first_name" IS DISTINCT FROM NEW."first_name"
		OR OLD."last_name" IS DISTINCT FROM NEW."last_name"
		OR OLD."language" IS DISTINCT FROM NEW."language"
	) EXECUTE FUNCTION "notify_customer_row_changed"();
