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
ALTER TABLE "world_invitations" ADD CONSTRAINT "world_invitations_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "world_invitations" ADD CONSTRAINT "world_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "world_invitations" ADD CONSTRAINT "world_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "world_invitations_token_key" ON "world_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "world_invitations_world_idx" ON "world_invitations" USING btree ("world_id","role","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "world_invitations_open_key" ON "world_invitations" USING btree ("world_id","role","email") WHERE "world_invitations"."accepted_at" is null and "world_invitations"."revoked_at" is null;