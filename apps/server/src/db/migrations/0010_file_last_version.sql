ALTER TABLE "project_files" ADD COLUMN "last_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
UPDATE "project_files" f SET "last_version" = v.top FROM (SELECT "file_id", max("version") AS top FROM "file_versions" GROUP BY "file_id") v WHERE v."file_id" = f."id";
