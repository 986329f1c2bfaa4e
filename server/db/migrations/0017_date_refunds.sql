CREATE TABLE "local_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"payment_id" text NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_refunds_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"calendar_date_id" uuid NOT NULL,
	"date_amount" integer NOT NULL,
	"percent" integer NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"provider_refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "payment_refunds_amount" CHECK ("payment_refunds"."amount" > 0 and "payment_refunds"."amount" <= "payment_refunds"."date_amount")
);
--> statement-breakpoint
ALTER TABLE "local_refunds" ADD CONSTRAINT "local_refunds_payment_id_local_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."local_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_calendar_date_id_calendar_dates_id_fk" FOREIGN KEY ("calendar_date_id") REFERENCES "public"."calendar_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_date_key" ON "payment_refunds" USING btree ("calendar_date_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_id");