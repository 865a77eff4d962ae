ALTER TABLE "order_events" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "details" jsonb;--> statement-breakpoint
-- Entries written before decision 109 with a fixed wording take their kind; the others keep their words only.
UPDATE "order_events" SET "kind" = CASE "cause"
	WHEN 'Order created at a fixed price' THEN 'order_created'
	WHEN 'Customer chose to pay by bank transfer' THEN 'wire_chosen'
	WHEN 'Customer chose to pay to their virtual IBAN' THEN 'viban_chosen'
	WHEN 'Customer reports the transfer as sent' THEN 'transfer_reported_sent'
	WHEN 'Customer started the payment' THEN 'payment_started'
	WHEN 'Payment reported failed on return' THEN 'came_back_failed'
	WHEN 'Cancelled by the customer' THEN 'cancelled_by_customer'
	WHEN 'Refund asked for by the customer while the payout waited' THEN 'refund_asked'
	WHEN 'The price time ran out before payment' THEN 'price_expired'
	WHEN 'The customer’s checks are done: buying now' THEN 'checks_done'
	WHEN 'No withdrawal found at the exchange; sent again by our team' THEN 'withdrawal_sent_again'
	WHEN 'Card payment started at the hosted checkout' THEN 'card_checkout_started'
	WHEN 'Card payment started at the hosted checkout (another attempt)' THEN 'card_checkout_started'
END, "details" = CASE "cause"
	WHEN 'Card payment started at the hosted checkout' THEN '{"again":false}'::jsonb
	WHEN 'Card payment started at the hosted checkout (another attempt)' THEN '{"again":true}'::jsonb
	ELSE '{}'::jsonb
END
WHERE "kind" IS NULL AND "cause" IN (
	'Order created at a fixed price',
	'Customer chose to pay by bank transfer',
	'Customer chose to pay to their virtual IBAN',
	'Customer reports the transfer as sent',
	'Customer started the payment',
	'Payment reported failed on return',
	'Cancelled by the customer',
	'Refund asked for by the customer while the payout waited',
	'The price time ran out before payment',
	'The customer’s checks are done: buying now',
	'No withdrawal found at the exchange; sent again by our team',
	'Card payment started at the hosted checkout',
	'Card payment started at the hosted checkout (another attempt)'
);
