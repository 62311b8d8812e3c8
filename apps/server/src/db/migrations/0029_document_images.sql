CREATE TABLE "document_images" (
	"owner_type" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	"current" boolean NOT NULL,
	CONSTRAINT "document_images_owner_type_owner_id_asset_id_pk" PRIMARY KEY("owner_type","owner_id","asset_id")
);
--> statement-breakpoint
CREATE INDEX "document_images_asset_id_index" ON "document_images" USING btree ("asset_id");--> statement-breakpoint
-- The images documents name today: those of every revision, then those of each current text.
INSERT INTO "document_images" ("owner_type", "owner_id", "asset_id", "current")
SELECT DISTINCT "owner_type", "owner_id", (img #>> '{}')::uuid, false
FROM "document_revisions" CROSS JOIN LATERAL jsonb_path_query("doc", 'strict $.** ? (@.type == "image" && @.attrs.asset like_regex "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$").attrs.asset'::jsonpath) AS img
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "document_images" ("owner_type", "owner_id", "asset_id", "current")
SELECT DISTINCT d.owner_type, d.owner_id, (img #>> '{}')::uuid, true
FROM (
  SELECT 'project' AS owner_type, "id" AS owner_id, "doc" FROM "projects"
  UNION ALL SELECT 'update', "id", "doc" FROM "project_updates"
  UNION ALL SELECT 'object', "id", "doc" FROM "objects"
  UNION ALL SELECT 'insight', "id", "doc" FROM "insights"
  UNION ALL SELECT 'page', "id", "doc" FROM "pages"
  UNION ALL SELECT 'bio', "id", "bio" FROM "people"
) AS d CROSS JOIN LATERAL jsonb_path_query(d.doc, 'strict $.** ? (@.type == "image" && @.attrs.asset like_regex "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$").attrs.asset'::jsonpath) AS img
ON CONFLICT ("owner_type", "owner_id", "asset_id") DO UPDATE SET "current" = true;
