-- A page below a draft is a draft too: its path would show the draft's segment.
UPDATE "pages" SET "draft" = true
WHERE NOT "draft"
  AND EXISTS (SELECT 1 FROM "pages" AS "above" WHERE "above"."draft" AND "pages"."path" LIKE "above"."path" || '/%');
