CREATE TABLE "data_table_metrics" (
	"table_id" uuid NOT NULL,
	"metric_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "data_table_metrics_table_id_metric_id_pk" PRIMARY KEY("table_id","metric_id")
);
--> statement-breakpoint
CREATE TABLE "data_tables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "observations" (
	"table_id" uuid NOT NULL,
	"object_id" uuid NOT NULL,
	"metric_id" uuid NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"number" double precision,
	"text" text,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "observations_table_id_object_id_metric_id_time_pk" PRIMARY KEY("table_id","object_id","metric_id","time")
);
--> statement-breakpoint
ALTER TABLE "data_table_metrics" ADD CONSTRAINT "data_table_metrics_table_id_data_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."data_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_table_metrics" ADD CONSTRAINT "data_table_metrics_metric_id_metrics_id_fk" FOREIGN KEY ("metric_id") REFERENCES "public"."metrics"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_tables" ADD CONSTRAINT "data_tables_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_table_id_data_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."data_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_object_id_objects_id_fk" FOREIGN KEY ("object_id") REFERENCES "public"."objects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_metric_id_metrics_id_fk" FOREIGN KEY ("metric_id") REFERENCES "public"."metrics"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_table_metrics_metric_id_index" ON "data_table_metrics" USING btree ("metric_id");--> statement-breakpoint
CREATE INDEX "data_tables_project_id_index" ON "data_tables" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "observations_table_id_metric_id_time_index" ON "observations" USING btree ("table_id","metric_id","time");--> statement-breakpoint
CREATE INDEX "observations_object_id_index" ON "observations" USING btree ("object_id");