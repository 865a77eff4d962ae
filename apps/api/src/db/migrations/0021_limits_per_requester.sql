ALTER TABLE "code_request_budgets" ADD COLUMN "requester" text DEFAULT '*' NOT NULL;--> statement-breakpoint
ALTER TABLE "code_try_budgets" ADD COLUMN "requester" text DEFAULT '*' NOT NULL;--> statement-breakpoint
ALTER TABLE "code_request_budgets" DROP CONSTRAINT "code_request_budgets_email_purpose_pk";--> statement-breakpoint
ALTER TABLE "code_try_budgets" DROP CONSTRAINT "code_try_budgets_pkey";--> statement-breakpoint
ALTER TABLE "code_request_budgets" ADD CONSTRAINT "code_request_budgets_email_purpose_requester_pk" PRIMARY KEY("email","purpose","requester");--> statement-breakpoint
ALTER TABLE "code_try_budgets" ADD CONSTRAINT "code_try_budgets_email_requester_pk" PRIMARY KEY("email","requester");--> statement-breakpoint
ALTER TABLE "login_throttles" ADD COLUMN "owner_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD COLUMN "requested_by" text;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD COLUMN "requested_by_owner" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Customers read their order's trail: an operator is "our team" there, never a login name (decision 076). Operator
-- names are [\w.-]+ (OPERATOR_CREDENTIALS); who acted stays in operator_actions.
UPDATE "order_events" SET "cause" = regexp_replace("cause", 'by operator [A-Za-z0-9_.-]+', 'by our team', 'g') WHERE "actor" = 'operator' AND "cause" ~ 'by operator [A-Za-z0-9_.-]+';
