CREATE TABLE "chat_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "chat_messages_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"world_id" uuid NOT NULL,
	"channel_key" text NOT NULL,
	"kind" text NOT NULL,
	"space_id" uuid,
	"sender_id" uuid NOT NULL,
	"recipient_id" uuid,
	"sender_name" text NOT NULL,
	"sender_role" text NOT NULL,
	"badge_label" text,
	"badge_color" text,
	"body" text,
	"mentioned_user_ids" uuid[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid,
	CONSTRAINT "chat_messages_body" CHECK (("chat_messages"."body" is null) = ("chat_messages"."deleted_at" is not null)),
	CONSTRAINT "chat_messages_kind" CHECK (("chat_messages"."kind" = 'space') = ("chat_messages"."space_id" is not null) and ("chat_messages"."kind" = 'direct') = ("chat_messages"."recipient_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "chat_mutes" (
	"world_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"muted_by" uuid,
	"muted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_mutes_world_id_user_id_pk" PRIMARY KEY("world_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_read_positions" (
	"world_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"channel_key" text NOT NULL,
	"message_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	CONSTRAINT "chat_read_positions_world_id_user_id_channel_key_pk" PRIMARY KEY("world_id","user_id","channel_key")
);
--> statement-breakpoint
CREATE TABLE "chat_settings" (
	"world_id" uuid PRIMARY KEY NOT NULL,
	"world_chat" boolean DEFAULT true NOT NULL,
	"space_chat" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_space_id_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."spaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_mutes" ADD CONSTRAINT "chat_mutes_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_mutes" ADD CONSTRAINT "chat_mutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_mutes" ADD CONSTRAINT "chat_mutes_muted_by_users_id_fk" FOREIGN KEY ("muted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_read_positions" ADD CONSTRAINT "chat_read_positions_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_read_positions" ADD CONSTRAINT "chat_read_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_read_positions" ADD CONSTRAINT "chat_read_positions_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_settings" ADD CONSTRAINT "chat_settings_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_channel_idx" ON "chat_messages" USING btree ("world_id","channel_key","seq");