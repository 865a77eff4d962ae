CREATE TABLE "sandbox_consents" (
	"id" text PRIMARY KEY NOT NULL,
	"order_reference" text NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"currency" text NOT NULL,
	"bank_id" text NOT NULL,
	"payer_name" text NOT NULL,
	"return_url" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
