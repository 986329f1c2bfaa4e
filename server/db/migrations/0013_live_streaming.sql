CREATE TABLE "live_streamings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"world_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"title" text NOT NULL,
	"status" text NOT NULL,
	"destination_url" text,
	"pipeline_id" text,
	"failure_reason" text,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "meeting_attendees" ADD COLUMN "watching" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "live_streamings" ADD CONSTRAINT "live_streamings_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_streamings" ADD CONSTRAINT "live_streamings_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "live_streamings_space_key" ON "live_streamings" USING btree ("space_id");