CREATE TABLE "datastreams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"table_id" uuid NOT NULL,
	"object_id" uuid NOT NULL,
	"metric_id" uuid NOT NULL,
	"sensor_id" uuid,
	"name" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "datastreams_tableId_objectId_metricId_unique" UNIQUE("table_id","object_id","metric_id")
);
--> statement-breakpoint
CREATE TABLE "sensors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"encoding_type" text DEFAULT 'text/html' NOT NULL,
	"metadata" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "datastreams" ADD CONSTRAINT "datastreams_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datastreams" ADD CONSTRAINT "datastreams_table_id_data_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."data_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datastreams" ADD CONSTRAINT "datastreams_object_id_objects_id_fk" FOREIGN KEY ("object_id") REFERENCES "public"."objects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datastreams" ADD CONSTRAINT "datastreams_metric_id_metrics_id_fk" FOREIGN KEY ("metric_id") REFERENCES "public"."metrics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datastreams" ADD CONSTRAINT "datastreams_sensor_id_sensors_id_fk" FOREIGN KEY ("sensor_id") REFERENCES "public"."sensors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensors" ADD CONSTRAINT "sensors_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "datastreams_object_id_index" ON "datastreams" USING btree ("object_id");--> statement-breakpoint
CREATE INDEX "datastreams_metric_id_index" ON "datastreams" USING btree ("metric_id");--> statement-breakpoint
CREATE INDEX "datastreams_sensor_id_index" ON "datastreams" USING btree ("sensor_id");--> statement-breakpoint
CREATE INDEX "datastreams_project_id_index" ON "datastreams" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "sensors_project_id_index" ON "sensors" USING btree ("project_id");--> statement-breakpoint
INSERT INTO "datastreams" ("project_id", "table_id", "object_id", "metric_id")
SELECT t."project_id", s."table_id", s."object_id", s."metric_id"
FROM (SELECT DISTINCT "table_id", "object_id", "metric_id" FROM "observations") s
JOIN "data_tables" t ON t."id" = s."table_id"
ON CONFLICT DO NOTHING;
