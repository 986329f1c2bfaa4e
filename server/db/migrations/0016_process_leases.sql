CREATE TABLE "server_processes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"reaped_by" uuid
);
--> statement-breakpoint
ALTER TABLE "meeting_recordings" ADD COLUMN "process_id" uuid;