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
CREATE TABLE "world_slugs" (
	"world_id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "world_group_worlds" ADD CONSTRAINT "world_group_worlds_group_id_world_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."world_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "world_group_worlds" ADD CONSTRAINT "world_group_worlds_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "world_groups" ADD CONSTRAINT "world_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "world_slugs" ADD CONSTRAINT "world_slugs_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "world_group_worlds_world_idx" ON "world_group_worlds" USING btree ("world_id");--> statement-breakpoint
CREATE INDEX "world_groups_user_idx" ON "world_groups" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "world_slugs_slug_key" ON "world_slugs" USING btree ("slug");