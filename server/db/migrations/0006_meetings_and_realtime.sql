CREATE TABLE "enter_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"world_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"entered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "information_boards" (
	"world_id" uuid PRIMARY KEY NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"visible" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_attendees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"meeting_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"attendee_id" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"left_at" timestamp with time zone,
	"mic_force_disabled" boolean DEFAULT false NOT NULL,
	"video_force_disabled" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_time_counts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"world_id" uuid NOT NULL,
	"meeting_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"seconds" integer NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "meeting_time_counts_seconds" CHECK ("meeting_time_counts"."seconds" > 0)
);
--> statement-breakpoint
CREATE TABLE "meetings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"world_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_meeting" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "realtime_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"world_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spaces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"world_id" uuid NOT NULL,
	"name" text NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enter_notifications" ADD CONSTRAINT "enter_notifications_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enter_notifications" ADD CONSTRAINT "enter_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "information_boards" ADD CONSTRAINT "information_boards_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_attendees" ADD CONSTRAINT "meeting_attendees_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_attendees" ADD CONSTRAINT "meeting_attendees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_time_counts" ADD CONSTRAINT "meeting_time_counts_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_time_counts" ADD CONSTRAINT "meeting_time_counts_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_time_counts" ADD CONSTRAINT "meeting_time_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "realtime_tickets" ADD CONSTRAINT "realtime_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "realtime_tickets" ADD CONSTRAINT "realtime_tickets_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enter_notifications_world_idx" ON "enter_notifications" USING btree ("world_id","entered_at");--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_attendees_attendee_key" ON "meeting_attendees" USING btree ("attendee_id");--> statement-breakpoint
CREATE INDEX "meeting_attendees_meeting_idx" ON "meeting_attendees" USING btree ("meeting_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "meeting_attendees_one_current_key" ON "meeting_attendees" USING btree ("meeting_id","user_id") WHERE "meeting_attendees"."left_at" is null;--> statement-breakpoint
CREATE INDEX "meeting_time_counts_world_idx" ON "meeting_time_counts" USING btree ("world_id","recorded_at");--> statement-breakpoint
CREATE INDEX "meetings_world_idx" ON "meetings" USING btree ("world_id");--> statement-breakpoint
CREATE UNIQUE INDEX "meetings_one_live_per_space_key" ON "meetings" USING btree ("space_id") WHERE "meetings"."ended_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "realtime_tickets_hash_key" ON "realtime_tickets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "realtime_tickets_expiry_idx" ON "realtime_tickets" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "spaces_world_idx" ON "spaces" USING btree ("world_id");--> statement-breakpoint
CREATE UNIQUE INDEX "spaces_one_main_key" ON "spaces" USING btree ("world_id") WHERE "spaces"."is_main";--> statement-breakpoint
-- Every world has a main space: backfill the worlds created before spaces existed.
INSERT INTO "spaces" ("world_id", "name", "is_main", "created_at")
SELECT "id", 'メイン', true, "created_at" FROM "worlds"
WHERE NOT EXISTS (SELECT 1 FROM "spaces" WHERE "spaces"."world_id" = "worlds"."id" AND "spaces"."is_main");
