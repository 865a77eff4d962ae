-- Decision 058: every committed change to what getGross answers (a customer's name or e-mail, their orders, their
-- signed agreements) is announced on the channel customer_changed with the customer's id, so that each process can
-- forget its copy of that customer's answer. NOTIFY is sent at commit and not at all on rollback; the same customer
-- changed twice in one transaction is announced once.
CREATE FUNCTION "notify_customer_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' THEN
		PERFORM pg_notify('customer_changed', OLD.customer_id::text);
	END IF;
	IF TG_OP <> 'DELETE' THEN
		PERFORM pg_notify('customer_changed', NEW.customer_id::text);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "notify_customer_row_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('customer_changed', OLD.id::text);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_notify_customer_changed" AFTER INSERT OR UPDATE OR DELETE ON "orders"
	FOR EACH ROW EXECUTE FUNCTION "notify_customer_changed"();
--> statement-breakpoint
CREATE TRIGGER "signed_agreements_notify_customer_changed" AFTER INSERT OR UPDATE OR DELETE ON "signed_agreements"
	FOR EACH ROW EXECUTE FUNCTION "notify_customer_changed"();
--> statement-breakpoint
CREATE TRIGGER "customers_notify_changed" AFTER UPDATE OF "email", "first_name", "last_name" ON "customers"
	FOR EACH ROW WHEN (
		OLD."email" IS DISTINCT FROM NEW."email"
		OR OLD."first_name" IS DISTINCT FROM NEW."first_name"
		OR OLD."last_name" IS DISTINCT FROM NEW."last_name"
	) EXECUTE FUNCTION "notify_customer_row_changed"();
--> statement-breakpoint
CREATE TRIGGER "customers_notify_deleted" AFTER DELETE ON "customers"
	FOR EACH ROW EXECUTE FUNCTION "notify_customer_row_changed"();
