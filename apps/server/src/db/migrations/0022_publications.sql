CREATE TABLE "project_publications" (
	"project_id" uuid NOT NULL,
	"publication_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_publications_project_id_publication_id_pk" PRIMARY KEY("project_id","publication_id")
);
--> statement-breakpoint
CREATE TABLE "publication_authors" (
	"publication_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"person_id" uuid,
	"confirmed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "publication_authors_publication_id_position_pk" PRIMARY KEY("publication_id","position")
);
--> statement-breakpoint
CREATE TABLE "publications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"type" text DEFAULT 'article' NOT NULL,
	"title" text NOT NULL,
	"year" integer,
	"venue" text,
	"volume" text,
	"issue" text,
	"pages" text,
	"doi" text,
	"url" text,
	"abstract" text,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"citation_key" text,
	"search_text" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', search_text)) STORED,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publications_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "project_publications" ADD CONSTRAINT "project_publications_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_publications" ADD CONSTRAINT "project_publications_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_authors" ADD CONSTRAINT "publication_authors_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_authors" ADD CONSTRAINT "publication_authors_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_created_by_people_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_publications_publication_id_index" ON "project_publications" USING btree ("publication_id");--> statement-breakpoint
CREATE INDEX "publication_authors_person_id_index" ON "publication_authors" USING btree ("person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "publications_doi_unique" ON "publications" USING btree (lower("doi"));--> statement-breakpoint
CREATE INDEX "publications_search_idx" ON "publications" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "publications_year_index" ON "publications" USING btree ("year");--> statement-breakpoint
CREATE INDEX "publications_created_by_index" ON "publications" USING btree ("created_by");--> statement-breakpoint
-- The words kept in the row (storage main), where ranking reads them at least cost, as for insights.
ALTER TABLE "publications" ALTER COLUMN "search_vector" SET STORAGE MAIN;--> statement-breakpoint
-- Administrators manage publications too (the role holds every global permission; a new one joins it here).
UPDATE "roles" SET "permissions" = array_append("permissions", 'managePublications') WHERE "slug" = 'administrator' AND NOT ('managePublications' = ANY("permissions"));
