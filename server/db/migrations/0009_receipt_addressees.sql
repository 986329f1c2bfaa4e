CREATE TABLE "receipt_addressees" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"addressee" text NOT NULL,
	"edited_by" uuid,
	"edited_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "receipt_addressees" ADD CONSTRAINT "receipt_addressees_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_addressees" ADD CONSTRAINT "receipt_addressees_edited_by_users_id_fk" FOREIGN KEY ("edited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;