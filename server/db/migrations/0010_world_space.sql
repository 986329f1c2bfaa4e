CREATE TABLE "layouts" (
	"world_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"version" integer NOT NULL,
	"base_space_id" uuid,
	"background_color" text NOT NULL,
	"background_image_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "presets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"base_space_id" uuid,
	"background_color" text NOT NULL,
	"background_image_url" text,
	"spaces" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "world_user_spaces" (
	"world_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "world_user_spaces_world_id_user_id_pk" PRIMARY KEY("world_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "kind" text DEFAULT 'hall' NOT NULL;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "x" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "y" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "width" integer DEFAULT 1200 NOT NULL;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "height" integer DEFAULT 800 NOT NULL;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "capacity" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "layouts" ADD CONSTRAINT "layouts_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presets" ADD CONSTRAINT "presets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "world_user_spaces" ADD CONSTRAINT "world_user_spaces_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "world_user_spaces" ADD CONSTRAINT "world_user_spaces_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "world_user_spaces" ADD CONSTRAINT "world_user_spaces_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "presets_user_idx" ON "presets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "world_user_spaces_space_idx" ON "world_user_spaces" USING btree ("space_id");--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_capacity" CHECK ("spaces"."capacity" > 0);