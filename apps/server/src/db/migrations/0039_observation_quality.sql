CREATE TABLE "observation_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"table_id" uuid NOT NULL,
	"object_id" uuid,
	"metric_id" uuid,
	"from" timestamp with time zone NOT NULL,
	"to" timestamp with time zone NOT NULL,
	"flag" text,
	"level" text,
	"count" integer NOT NULL,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "metrics" ADD COLUMN "rules" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "data_tables" ADD COLUMN "level" text DEFAULT 'raw' NOT NULL;--> statement-breakpoint
ALTER TABLE "observations" ADD COLUMN "flag" text DEFAULT 'not checked' NOT NULL;--> statement-breakpoint
ALTER TABLE "observations" ADD COLUMN "flag_rule" text;--> statement-breakpoint
ALTER TABLE "observations" ADD COLUMN "flagged_by" uuid;--> statement-breakpoint
ALTER TABLE "observations" ADD COLUMN "flagged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "observations" ADD COLUMN "level" text DEFAULT 'raw' NOT NULL;--> statement-breakpoint
ALTER TABLE "observation_reviews" ADD CONSTRAINT "observation_reviews_table_id_data_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."data_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observation_reviews" ADD CONSTRAINT "observation_reviews_object_id_objects_id_fk" FOREIGN KEY ("object_id") REFERENCES "public"."objects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observation_reviews" ADD CONSTRAINT "observation_reviews_metric_id_metrics_id_fk" FOREIGN KEY ("metric_id") REFERENCES "public"."metrics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observation_reviews" ADD CONSTRAINT "observation_reviews_reviewed_by_people_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "observation_reviews_table_id_reviewed_at_index" ON "observation_reviews" USING btree ("table_id","reviewed_at");--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_flagged_by_people_id_fk" FOREIGN KEY ("flagged_by") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "observations_flagged_by_index" ON "observations" USING btree ("flagged_by") WHERE flagged_by is not null;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_flag" CHECK (flag in ('good', 'not checked', 'suspect', 'bad', 'missing'));--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_level" CHECK (level in ('raw', 'provisional', 'released'));