CREATE TABLE "enter_guest_badges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"world_id" uuid NOT NULL,
	"label" text NOT NULL,
	"color" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enter_guest_introductions" (
	"world_id" uuid PRIMARY KEY NOT NULL,
	"body" text NOT NULL,
	"image_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "world_group_worlds" (
	"group_id" uuid NOT NULL,
	"world_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "world_group_worlds_group_id_world_id_pk" PRIMARY KEY("group_id","world_id")
);
--> statement-breakpoint
CREATE TABLE "world_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "world_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"world_id" uuid NOT NULL,
	"role" text NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"message" text,
	"invited_by" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" uuid,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "world_slugs" (
	"world_id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "world_guest_tokens" ADD COLUMN "kind" text DEFAULT 'shared' NOT NULL;--> statement-breakpoint
ALTER TABLE "world_guest_tokens" ADD COLUMN "guest_user_id" uuid;--> statement-breakpoint
ALTER TABLE "world_guest_tokens" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "world_guest_tokens" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "world_guest_tokens" ADD COLUMN "badge_id" uuid;--> statement-breakpoint
ALTER TABLE "enter_guest_badges" ADD CONSTRAINT "enter_guest_badges_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enter_guest_introductions" ADD CONSTRAINT "enter_guest_introductions_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "world_group_worlds" ADD CONSTRAINT "world_group_worlds_group_id_world_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."world_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "world_group_worlds" ADD CONSTRAINT "world_group_worlds_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "world_groups" ADD CONSTRAINT "world_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "world_invitations" ADD CONSTRAINT "world_invitations_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "world_invitations" ADD CONSTRAINT "world_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "world_invitations" ADD CONSTRAINT "world_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "world_slugs" ADD CONSTRAINT "world_slugs_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "enter_guest_badges_position_key" ON "enter_guest_badges" USING btree ("world_id","position");--> statement-breakpoint
CREATE INDEX "world_group_worlds_world_idx" ON "world_group_worlds" USING btree ("world_id");--> statement-breakpoint
CREATE INDEX "world_groups_user_idx" ON "world_groups" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "world_invitations_token_key" ON "world_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "world_invitations_world_idx" ON "world_invitations" USING btree ("world_id","role","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "world_invitations_open_key" ON "world_invitations" USING btree ("world_id","role","email") WHERE "world_invitations"."accepted_at" is null and "world_invitations"."revoked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "world_slugs_slug_key" ON "world_slugs" USING btree ("slug");--> statement-breakpoint
ALTER TABLE "world_guest_tokens" ADD CONSTRAINT "world_guest_tokens_guest_user_id_users_id_fk" FOREIGN KEY ("guest_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "world_guest_tokens" ADD CONSTRAINT "world_guest_tokens_badge_id_enter_guest_badges_id_fk" FOREIGN KEY ("badge_id") REFERENCES "public"."enter_guest_badges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "world_guest_tokens_guest_key" ON "world_guest_tokens" USING btree ("guest_user_id");--> statement-breakpoint
ALTER TABLE "world_guest_tokens" ADD CONSTRAINT "world_guest_tokens_personal" CHECK (("world_guest_tokens"."kind" = 'personal') = ("world_guest_tokens"."guest_user_id" is not null));
--> statement-breakpoint
-- Guests who entered before personal links existed get one, so that every guest can re-enter (ADR 007).
INSERT INTO "world_guest_tokens" ("world_id", "token", "kind", "guest_user_id", "created_at")
SELECT u."guest_world_id", replace(gen_random_uuid()::text, '-', ''), 'personal', u."id", u."created_at"
FROM "users" u
WHERE u."is_guest" AND NOT EXISTS (SELECT 1 FROM "world_guest_tokens" t WHERE t."guest_user_id" = u."id");
