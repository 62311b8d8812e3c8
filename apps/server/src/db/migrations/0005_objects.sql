CREATE TABLE "notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"object_id" uuid NOT NULL,
	"author_id" uuid,
	"content" text NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "object_institutions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"object_id" uuid NOT NULL,
	"institution_id" uuid NOT NULL,
	"role" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "object_institutions_objectId_institutionId_unique" UNIQUE("object_id","institution_id")
);
--> statement-breakpoint
CREATE TABLE "object_people" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"object_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"role" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "object_people_objectId_personId_unique" UNIQUE("object_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "object_projects" (
	"object_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "object_projects_object_id_project_id_pk" PRIMARY KEY("object_id","project_id")
);
--> statement-breakpoint
CREATE TABLE "object_type_links" (
	"object_id" uuid NOT NULL,
	"type_id" uuid NOT NULL,
	CONSTRAINT "object_type_links_object_id_type_id_pk" PRIMARY KEY("object_id","type_id")
);
--> statement-breakpoint
CREATE TABLE "object_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"marker" text DEFAULT 'default' NOT NULL,
	"metadata_schema" jsonb,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "object_types_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "objects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"geo" geometry(Geometry, 4326),
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"parent_id" uuid,
	"visibility" text DEFAULT 'public' NOT NULL,
	"doc" jsonb,
	"updated_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "objects_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"object_id" uuid,
	"asset_id" uuid NOT NULL,
	"author_id" uuid,
	"caption" text,
	"taken_at" timestamp with time zone,
	"geo" geometry(Geometry, 4326),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_object_id_objects_id_fk" FOREIGN KEY ("object_id") REFERENCES "public"."objects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_author_id_people_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "object_institutions" ADD CONSTRAINT "object_institutions_object_id_objects_id_fk" FOREIGN KEY ("object_id") REFERENCES "public"."objects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "object_institutions" ADD CONSTRAINT "object_institutions_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "object_people" ADD CONSTRAINT "object_people_object_id_objects_id_fk" FOREIGN KEY ("object_id") REFERENCES "public"."objects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "object_people" ADD CONSTRAINT "object_people_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "object_projects" ADD CONSTRAINT "object_projects_object_id_objects_id_fk" FOREIGN KEY ("object_id") REFERENCES "public"."objects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "object_projects" ADD CONSTRAINT "object_projects_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "object_type_links" ADD CONSTRAINT "object_type_links_object_id_objects_id_fk" FOREIGN KEY ("object_id") REFERENCES "public"."objects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "object_type_links" ADD CONSTRAINT "object_type_links_type_id_object_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."object_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objects" ADD CONSTRAINT "objects_parent_id_objects_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."objects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objects" ADD CONSTRAINT "objects_updated_by_id_people_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_object_id_objects_id_fk" FOREIGN KEY ("object_id") REFERENCES "public"."objects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_author_id_people_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notes_object_id_timestamp_index" ON "notes" USING btree ("object_id","timestamp");--> statement-breakpoint
CREATE INDEX "object_institutions_institution_id_index" ON "object_institutions" USING btree ("institution_id");--> statement-breakpoint
CREATE INDEX "object_people_person_id_index" ON "object_people" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "object_projects_project_id_index" ON "object_projects" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "object_type_links_type_id_index" ON "object_type_links" USING btree ("type_id");--> statement-breakpoint
CREATE INDEX "objects_geo_idx" ON "objects" USING gist ("geo");--> statement-breakpoint
CREATE INDEX "objects_parent_id_index" ON "objects" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "objects_title_idx" ON "objects" USING btree (lower("title"));--> statement-breakpoint
CREATE INDEX "photos_object_id_created_at_index" ON "photos" USING btree ("object_id","created_at");--> statement-breakpoint
CREATE INDEX "photos_author_id_index" ON "photos" USING btree ("author_id");