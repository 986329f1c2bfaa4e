CREATE TABLE "world_guest_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"world_id" uuid NOT NULL,
	"token" text NOT NULL,
	"label" text,
	"expires_at" timestamp with time zone,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "world_guest_tokens_counts" CHECK ("world_guest_tokens"."uses" >= 0 and ("world_guest_tokens"."max_uses" is null or "world_guest_tokens"."max_uses" >= 1))
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_guest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "guest_world_id" uuid;--> statement-breakpoint
ALTER TABLE "world_guest_tokens" ADD CONSTRAINT "world_guest_tokens_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "world_guest_tokens" ADD CONSTRAINT "world_guest_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "world_guest_tokens_token_key" ON "world_guest_tokens" USING btree ("token");--> statement-breakpoint
CREATE INDEX "world_guest_tokens_world_idx" ON "world_guest_tokens" USING btree ("world_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_guest_world_id_worlds_id_fk" FOREIGN KEY ("guest_world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_guest_world_idx" ON "users" USING btree ("guest_world_id") WHERE "users"."guest_world_id" is not null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_guest_shape" CHECK ("users"."is_guest" = ("users"."guest_world_id" is not null) and ("users"."is_guest" or "users"."password_hash" is not null));