CREATE TABLE "document_reviews" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"document_id" uuid NOT NULL,
	"decision" text NOT NULL,
	"operator" text NOT NULL,
	"reason" text NOT NULL,
	"decided_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_reviews" ADD CONSTRAINT "document_reviews_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_reviews_document_idx" ON "document_reviews" USING btree ("document_id");--> statement-breakpoint
CREATE FUNCTION "document_reviews_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'document_reviews is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "document_reviews_append_only" BEFORE UPDATE OR DELETE ON "document_reviews" FOR EACH ROW EXECUTE FUNCTION "document_reviews_append_only"();
