CREATE TABLE "code_request_budgets" (
	"email" text NOT NULL,
	"purpose" text NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"requests" integer NOT NULL,
	"last_requested_at" timestamp with time zone NOT NULL,
	CONSTRAINT "code_request_budgets_email_purpose_pk" PRIMARY KEY("email","purpose")
);
--> statement-breakpoint
CREATE TABLE "code_try_budgets" (
	"email" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"tries" integer NOT NULL,
	"owner_notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "login_throttles" (
	"email" text NOT NULL,
	"source" text NOT NULL,
	"failures" integer NOT NULL,
	"last_failed_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	CONSTRAINT "login_throttles_email_source_pk" PRIMARY KEY("email","source")
);
