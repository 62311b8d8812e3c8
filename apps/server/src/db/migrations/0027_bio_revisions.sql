-- People's bios keep revisions like every other document: each bio written before now
-- becomes the first revision of its history (owner "bio", the person's id).
INSERT INTO "document_revisions" ("owner_type", "owner_id", "doc", "author_id", "created_at")
SELECT 'bio', "people"."id", "people"."bio", NULL, "people"."updated_at"
FROM "people"
WHERE "people"."bio" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "document_revisions" AS "r" WHERE "r"."owner_type" = 'bio' AND "r"."owner_id" = "people"."id");
