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
CREATE TABLE "news" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"url" text,
	"published_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaire_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"questionnaire_id" uuid NOT NULL,
	"respondent_key" text NOT NULL,
	"user_id" uuid,
	"items" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaire_choices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question_id" uuid NOT NULL,
	"label" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaire_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"questionnaire_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL,
	"rating_max" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questionnaire_questions_rating" CHECK (("questionnaire_questions"."type" = 'rating') = ("questionnaire_questions"."rating_max" is not null) and ("questionnaire_questions"."rating_max" is null or "questionnaire_questions"."rating_max" between 2 and 10))
);
--> statement-breakpoint
CREATE TABLE "questionnaires" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"world_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"anonymous" boolean DEFAULT false NOT NULL,
	"opens_at" timestamp with time zone,
	"closes_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questionnaires_window" CHECK ("questionnaires"."opens_at" is null or "questionnaires"."closes_at" is null or "questionnaires"."closes_at" > "questionnaires"."opens_at")
);
--> statement-breakpoint
CREATE TABLE "user_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"world_id" uuid NOT NULL,
	"user_id" uuid,
	"action_type" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"batch_key" text NOT NULL,
	"line_no" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_public_api_tokens" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"token_prefix" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "virtual_backgrounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"image_url" text NOT NULL,
	"thumbnail_url" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_announcements" ADD CONSTRAINT "event_announcements_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_event_announcement_id_event_announcements_id_fk" FOREIGN KEY ("event_announcement_id") REFERENCES "public"."event_announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_guest_token_id_world_guest_tokens_id_fk" FOREIGN KEY ("guest_token_id") REFERENCES "public"."world_guest_tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_answers" ADD CONSTRAINT "questionnaire_answers_questionnaire_id_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_answers" ADD CONSTRAINT "questionnaire_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_choices" ADD CONSTRAINT "questionnaire_choices_question_id_questionnaire_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questionnaire_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_questions" ADD CONSTRAINT "questionnaire_questions_questionnaire_id_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_actions" ADD CONSTRAINT "user_actions_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_actions" ADD CONSTRAINT "user_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_public_api_tokens" ADD CONSTRAINT "user_public_api_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_announcements_world_id_key" ON "event_announcements" USING btree ("world_id","id");--> statement-breakpoint
CREATE INDEX "event_announcements_world_start_idx" ON "event_announcements" USING btree ("world_id","start_at");--> statement-breakpoint
CREATE INDEX "event_announcements_published_start_idx" ON "event_announcements" USING btree ("start_at") WHERE "event_announcements"."published_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "event_registrations_email_key" ON "event_registrations" USING btree ("event_announcement_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "event_registrations_token_key" ON "event_registrations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "news_published_idx" ON "news" USING btree ("published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaire_answers_respondent_key" ON "questionnaire_answers" USING btree ("questionnaire_id","respondent_key");--> statement-breakpoint
CREATE INDEX "questionnaire_answers_questionnaire_idx" ON "questionnaire_answers" USING btree ("questionnaire_id","created_at");--> statement-breakpoint
CREATE INDEX "questionnaire_choices_question_idx" ON "questionnaire_choices" USING btree ("question_id","position");--> statement-breakpoint
CREATE INDEX "questionnaire_questions_questionnaire_idx" ON "questionnaire_questions" USING btree ("questionnaire_id","position");--> statement-breakpoint
CREATE INDEX "questionnaires_world_idx" ON "questionnaires" USING btree ("world_id","created_at");--> statement-breakpoint
CREATE INDEX "user_actions_world_time_idx" ON "user_actions" USING btree ("world_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_actions_batch_line_key" ON "user_actions" USING btree ("batch_key","line_no");--> statement-breakpoint
-- No announcement existed before this migration: any id a date carried named nothing.
UPDATE "calendar_dates" SET "event_announcement_id" = NULL WHERE "event_announcement_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_dates" ADD CONSTRAINT "calendar_dates_event_announcement_fk" FOREIGN KEY ("world_id","event_announcement_id") REFERENCES "public"."event_announcements"("world_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_dates_event_idx" ON "calendar_dates" USING btree ("event_announcement_id") WHERE "calendar_dates"."event_announcement_id" is not null;