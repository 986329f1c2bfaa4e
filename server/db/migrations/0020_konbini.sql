ALTER TABLE "local_payments" ALTER COLUMN "card_token" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "local_payments" ADD COLUMN "method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "local_payments" ADD COLUMN "konbini_number" text;--> statement-breakpoint
ALTER TABLE "local_payments" ADD COLUMN "konbini_confirmation" text;--> statement-breakpoint
ALTER TABLE "local_payments" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "voucher_number" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "voucher_confirmation" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "voucher_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "voucher_url" text;