ALTER TABLE "objects" ADD COLUMN "extent" box GENERATED ALWAYS AS (box(geo)) STORED;--> statement-breakpoint
CREATE INDEX "objects_extent_idx" ON "objects" USING gist ("extent") INCLUDE ("visibility", "id");
