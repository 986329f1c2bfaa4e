CREATE TABLE "event_announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"world_id" uuid NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"venue" text DEFAULT '' NOT NULL,
	"capacity" integer NOT NULL,
	"registration_open" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"cover_image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_announcements_range" CHECK ("event_announcements"."end_at" > "event_announcements"."start_at"),
	CONSTRAINT "event_announcements_capacity" CHECK ("event_announcements"."capacity" between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "event_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_announcement_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"token_expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"guest_token_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_announcements" ADD CONSTRAINT "event_announcements_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_event_announcement_id_event_announcements_id_fk" FOREIGN KEY ("event_announcement_id") REFERENCES "public"."event_announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_guest_token_id_world_guest_tokens_id_fk" FOREIGN KEY ("guest_token_id") REFERENCES "public"."world_guest_tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_announcements_world_id_key" ON "event_announcements" USING btree ("world_id","id");--> statement-breakpoint
CREATE INDEX "event_announcements_world_start_idx" ON "event_announcements" USING btree ("world_id","start_at");--> statement-breakpoint
CREATE INDEX "event_announcements_published_start_idx" ON "event_announcements" USING btree ("start_at") WHERE "event_announcements"."published_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "event_registrations_email_key" ON "event_registrations" USING btree ("event_announcement_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "event_registrations_token_key" ON "event_registrations" USING btree ("token_hash");--> statement-breakpoint
-- No announcement existed before this migration: any id a date carried named nothing.
UPDATE "calendar_dates" SET "event_announcement_id" = NULL WHERE "event_announcement_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_dates" ADD CONSTRAINT "calendar_dates_event_announcement_fk" FOREIGN KEY ("world_id","event_announcement_id") REFERENCES "public"."event_announcements"("world_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_dates_event_idx" ON "calendar_dates" USING btree ("event_announcement_id") WHERE "calendar_dates"."event_announcement_id" is not null;