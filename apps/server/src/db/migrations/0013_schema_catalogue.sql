CREATE TABLE "metadata_schema_versions" (
	"schema_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"schema" json NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "metadata_schema_versions_schema_id_version_pk" PRIMARY KEY("schema_id","version")
);
--> statement-breakpoint
CREATE TABLE "metadata_schemas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"schema" json NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "metadata_schemas_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "metrics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"unit" text,
	"type" text NOT NULL,
	"allowed" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"min" double precision,
	"max" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "metrics_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "node_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"schema_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "node_types_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "nodes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parent_id" uuid,
	"slug" text NOT NULL,
	"path" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"node_type_id" uuid NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nodes_path_unique" UNIQUE("path")
);
--> statement-breakpoint
CREATE TABLE "object_type_metrics" (
	"type_id" uuid NOT NULL,
	"metric_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "object_type_metrics_type_id_metric_id_pk" PRIMARY KEY("type_id","metric_id")
);
--> statement-breakpoint
CREATE TABLE "object_type_parents" (
	"type_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	CONSTRAINT "object_type_parents_type_id_parent_id_pk" PRIMARY KEY("type_id","parent_id")
);
--> statement-breakpoint
CREATE TABLE "object_type_schemas" (
	"type_id" uuid NOT NULL,
	"schema_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "object_type_schemas_type_id_schema_id_pk" PRIMARY KEY("type_id","schema_id")
);
--> statement-breakpoint
CREATE TABLE "units" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"print_symbol" text DEFAULT '' NOT NULL,
	"property" text DEFAULT '' NOT NULL,
	"builtin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "metadata_schema_versions" ADD CONSTRAINT "metadata_schema_versions_schema_id_metadata_schemas_id_fk" FOREIGN KEY ("schema_id") REFERENCES "public"."metadata_schemas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "node_types" ADD CONSTRAINT "node_types_schema_id_metadata_schemas_id_fk" FOREIGN KEY ("schema_id") REFERENCES "public"."metadata_schemas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nodes" ADD CONSTRAINT "nodes_parent_id_nodes_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."nodes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nodes" ADD CONSTRAINT "nodes_node_type_id_node_types_id_fk" FOREIGN KEY ("node_type_id") REFERENCES "public"."node_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "object_type_metrics" ADD CONSTRAINT "object_type_metrics_type_id_object_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."object_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "object_type_metrics" ADD CONSTRAINT "object_type_metrics_metric_id_metrics_id_fk" FOREIGN KEY ("metric_id") REFERENCES "public"."metrics"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "object_type_parents" ADD CONSTRAINT "object_type_parents_type_id_object_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."object_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "object_type_parents" ADD CONSTRAINT "object_type_parents_parent_id_object_types_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."object_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "object_type_schemas" ADD CONSTRAINT "object_type_schemas_type_id_object_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."object_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "object_type_schemas" ADD CONSTRAINT "object_type_schemas_schema_id_metadata_schemas_id_fk" FOREIGN KEY ("schema_id") REFERENCES "public"."metadata_schemas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nodes_parent_id_index" ON "nodes" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "nodes_node_type_id_index" ON "nodes" USING btree ("node_type_id");--> statement-breakpoint
CREATE INDEX "object_type_metrics_metric_id_index" ON "object_type_metrics" USING btree ("metric_id");--> statement-breakpoint
CREATE INDEX "object_type_parents_parent_id_index" ON "object_type_parents" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "object_type_schemas_schema_id_index" ON "object_type_schemas" USING btree ("schema_id");--> statement-breakpoint
-- Each type's own schema becomes a schema of its own, "{slug}-basics", at version 1.
INSERT INTO "metadata_schemas" ("slug", "title", "schema") SELECT "slug" || '-basics', "name" || ' basics', "metadata_schema" FROM "object_types" WHERE "metadata_schema" IS NOT NULL;--> statement-breakpoint
INSERT INTO "metadata_schema_versions" ("schema_id", "version", "title", "schema") SELECT "id", 1, "title", "schema" FROM "metadata_schemas";--> statement-breakpoint
INSERT INTO "object_type_schemas" ("type_id", "schema_id") SELECT t."id", s."id" FROM "object_types" t JOIN "metadata_schemas" s ON s."slug" = t."slug" || '-basics';--> statement-breakpoint
-- The built-in types sit where they always did: sites in properties, plots in sites.
INSERT INTO "object_type_parents" ("type_id", "parent_id") SELECT c."id", p."id" FROM "object_types" c JOIN "object_types" p ON (c."slug", p."slug") IN (('site', 'property'), ('vegetation-plot', 'site'), ('soil-plot', 'site'));--> statement-breakpoint
ALTER TABLE "object_types" DROP COLUMN "metadata_schema";--> statement-breakpoint
ALTER TABLE "object_types" ADD CONSTRAINT "object_types_name_unique" UNIQUE("name");--> statement-breakpoint
-- The built-in types are added at the first start only: from now on administrators manage them.
INSERT INTO "settings" ("key", "value") SELECT 'object_types_seeded', 'true' WHERE EXISTS (SELECT 1 FROM "object_types");
