CREATE TABLE "insight_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"insight_id" uuid NOT NULL,
	"author_id" uuid,
	"content" text NOT NULL,
	"photo_id" uuid,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insight_objects" (
	"insight_id" uuid NOT NULL,
	"object_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_objects_insight_id_object_id_pk" PRIMARY KEY("insight_id","object_id")
);
--> statement-breakpoint
CREATE TABLE "insights" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"num" integer GENERATED ALWAYS AS IDENTITY (sequence name "insights_num_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"doc" jsonb,
	"search_text" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"author_id" uuid,
	"team_id" uuid,
	"visibility" text DEFAULT 'public' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insights_num_unique" UNIQUE("num")
);
--> statement-breakpoint
ALTER TABLE "insight_comments" ADD CONSTRAINT "insight_comments_insight_id_insights_id_fk" FOREIGN KEY ("insight_id") REFERENCES "public"."insights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_comments" ADD CONSTRAINT "insight_comments_author_id_people_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_comments" ADD CONSTRAINT "insight_comments_photo_id_assets_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."assets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_objects" ADD CONSTRAINT "insight_objects_insight_id_insights_id_fk" FOREIGN KEY ("insight_id") REFERENCES "public"."insights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_objects" ADD CONSTRAINT "insight_objects_object_id_objects_id_fk" FOREIGN KEY ("object_id") REFERENCES "public"."objects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insights" ADD CONSTRAINT "insights_author_id_people_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insights" ADD CONSTRAINT "insights_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insight_comments_insight_id_timestamp_index" ON "insight_comments" USING btree ("insight_id","timestamp");--> statement-breakpoint
CREATE INDEX "insight_comments_photo_id_index" ON "insight_comments" USING btree ("photo_id");--> statement-breakpoint
CREATE INDEX "insight_objects_object_id_index" ON "insight_objects" USING btree ("object_id");--> statement-breakpoint
CREATE INDEX "insights_search_idx" ON "insights" USING gin (to_tsvector('english', "search_text"));--> statement-breakpoint
CREATE INDEX "insights_tags_idx" ON "insights" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "insights_created_at_index" ON "insights" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "insights_author_id_index" ON "insights" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "insights_team_id_index" ON "insights" USING btree ("team_id");--> statement-breakpoint
-- Administrators manage insights too (the role holds every global permission; a new one joins it here).
UPDATE "roles" SET "permissions" = array_append("permissions", 'manageInsights') WHERE "slug" = 'administrator' AND NOT ('manageInsights' = ANY("permissions"));
