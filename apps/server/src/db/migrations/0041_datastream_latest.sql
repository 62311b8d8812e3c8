ALTER TABLE "datastreams" ADD COLUMN "latest_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "datastreams" ADD COLUMN "latest_number" double precision;--> statement-breakpoint
ALTER TABLE "datastreams" ADD COLUMN "latest_text" text;--> statement-breakpoint
ALTER TABLE "datastreams" ADD COLUMN "latest_flag" text;--> statement-breakpoint
-- Each datastream's latest observation, as keepLatest (modules/datatables/repo.ts) keeps it from now on.
UPDATE "datastreams" d SET ("latest_time", "latest_number", "latest_text", "latest_flag") = (
  SELECT o."time", o."number", o."text", o."flag" FROM "observations" o
  WHERE o."table_id" = d."table_id" AND o."object_id" = d."object_id" AND o."metric_id" = d."metric_id"
  ORDER BY o."time" DESC LIMIT 1
);
