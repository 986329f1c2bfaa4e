ALTER TABLE "virtual_backgrounds" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "virtual_backgrounds" ADD COLUMN "file_key" text;--> statement-breakpoint
ALTER TABLE "virtual_backgrounds" ADD CONSTRAINT "virtual_backgrounds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "virtual_backgrounds_user_idx" ON "virtual_backgrounds" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_backgrounds_file_key" ON "virtual_backgrounds" USING btree ("file_key");--> statement-breakpoint
ALTER TABLE "virtual_backgrounds" ADD CONSTRAINT "virtual_backgrounds_upload" CHECK (("virtual_backgrounds"."user_id" is null) = ("virtual_backgrounds"."file_key" is null));