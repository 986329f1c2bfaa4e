CREATE TABLE "raised_hands" (
	"world_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"space_id" uuid NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "raised_hands_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	CONSTRAINT "raised_hands_world_id_user_id_pk" PRIMARY KEY("world_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "world_members" ADD COLUMN "now_doing" text;--> statement-breakpoint
ALTER TABLE "raised_hands" ADD CONSTRAINT "raised_hands_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raised_hands" ADD CONSTRAINT "raised_hands_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raised_hands" ADD CONSTRAINT "raised_hands_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "raised_hands_space_idx" ON "raised_hands" USING btree ("space_id","seq");