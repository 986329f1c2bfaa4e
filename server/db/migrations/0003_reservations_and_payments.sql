CREATE TABLE "calendar_dates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"world_id" uuid NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"is_rehearsal" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"payment_id" uuid,
	"paid_by_fixed" boolean DEFAULT false NOT NULL,
	"event_announcement_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_dates_range" CHECK ("calendar_dates"."end_at" > "calendar_dates"."start_at"),
	CONSTRAINT "calendar_dates_capacity" CHECK ("calendar_dates"."capacity" between 1 and 1000),
	CONSTRAINT "calendar_dates_hold" CHECK ("calendar_dates"."status" <> 'pending' or "calendar_dates"."hold_expires_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "fixed_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"world_id" uuid NOT NULL,
	"plan_name" text NOT NULL,
	"max_capacity" integer NOT NULL,
	"monthly_fee" integer NOT NULL,
	"starts_on" text NOT NULL,
	"ends_on" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"world_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"requested_by" uuid,
	"number" text NOT NULL,
	"addressee" text NOT NULL,
	"total" integer NOT NULL,
	"status" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_cards" (
	"token" text PRIMARY KEY NOT NULL,
	"customer_id" text,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"behaviour" text NOT NULL,
	"detached_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_customers" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"customer_id" text NOT NULL,
	"card_token" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"failure_message" text,
	"receipt_id" text NOT NULL,
	"receipt_number" text NOT NULL,
	"description" text NOT NULL,
	"metadata" text DEFAULT '{}' NOT NULL,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_method_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"world_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"payment_type" text DEFAULT 'card' NOT NULL,
	"status" text NOT NULL,
	"total" integer NOT NULL,
	"provider" text,
	"provider_payment_id" text,
	"payment_method_id" uuid,
	"card_last4" text,
	"receipt_url" text,
	"world_name" text NOT NULL,
	"failure_message" text,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_total" CHECK ("payments"."total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "payment_customer_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "payment_customer_provider" text;--> statement-breakpoint
ALTER TABLE "calendar_dates" ADD CONSTRAINT "calendar_dates_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_dates" ADD CONSTRAINT "calendar_dates_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixed_plans" ADD CONSTRAINT "fixed_plans_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_cards" ADD CONSTRAINT "local_cards_customer_id_local_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."local_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_payments" ADD CONSTRAINT "local_payments_customer_id_local_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."local_customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_payments" ADD CONSTRAINT "local_payments_card_token_local_cards_token_fk" FOREIGN KEY ("card_token") REFERENCES "public"."local_cards"("token") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_dates_world_start_idx" ON "calendar_dates" USING btree ("world_id","start_at");--> statement-breakpoint
CREATE INDEX "calendar_dates_payment_idx" ON "calendar_dates" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "fixed_plans_world_idx" ON "fixed_plans" USING btree ("world_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_payment_key" ON "invoices" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE INDEX "invoices_world_idx" ON "invoices" USING btree ("world_id","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "local_payments_idempotency_key" ON "local_payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "local_payments_receipt_key" ON "local_payments" USING btree ("receipt_id");--> statement-breakpoint
CREATE UNIQUE INDEX "local_payments_receipt_number_key" ON "local_payments" USING btree ("receipt_number");--> statement-breakpoint
CREATE INDEX "payment_methods_user_idx" ON "payment_methods" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_one_default_key" ON "payment_methods" USING btree ("user_id") WHERE "payment_methods"."is_default" and "payment_methods"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "payments_world_idx" ON "payments" USING btree ("world_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_payment_key" ON "payments" USING btree ("provider","provider_payment_id");