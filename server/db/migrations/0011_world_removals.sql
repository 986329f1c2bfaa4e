CREATE TABLE "world_removals" (
	"world_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"removed_by" uuid,
	"removed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "world_removals_world_id_user_id_pk" PRIMARY KEY("world_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "world_removals" ADD CONSTRAINT "world_removals_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "world_removals" ADD CONSTRAINT "world_removals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "world_removals" ADD CONSTRAINT "world_removals_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;