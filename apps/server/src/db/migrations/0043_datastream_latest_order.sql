DROP INDEX "datastreams_project_id_index";--> statement-breakpoint
ALTER TABLE "datastreams" ADD COLUMN "object_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "datastreams" ADD COLUMN "metric_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "datastreams" ADD COLUMN "table_position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Each datastream's order keys, as the triggers below keep them from now on.
UPDATE "datastreams" d SET ("object_name", "metric_name", "table_position") = (o."name", m."name", t."position")
FROM "objects" o, "metrics" m, "data_tables" t
WHERE o."id" = d."object_id" AND m."id" = d."metric_id" AND t."id" = d."table_id";--> statement-breakpoint
CREATE INDEX "datastreams_latest_order_index" ON "datastreams" USING btree ("project_id","object_name" collate "C","metric_name" collate "C","table_position","id");--> statement-breakpoint
-- A datastream made or moved takes its object's and metric's names and its table's position
-- (what the insert gave is not trusted). One that names no such row keeps '' or 0, so its
-- foreign key refuses it as before. The rows are locked as they are read: a rename or move
-- not yet committed is waited for and its new value read (its trigger, run before, cannot
-- see this datastream), and one begun later waits for this datastream and then updates it.
CREATE FUNCTION datastreams_order_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.object_name := coalesce((SELECT name FROM objects WHERE id = NEW.object_id FOR KEY SHARE), '');
  NEW.metric_name := coalesce((SELECT name FROM metrics WHERE id = NEW.metric_id FOR KEY SHARE), '');
  -- A table's position is no key, so its update takes no lock KEY SHARE waits for.
  NEW.table_position := coalesce((SELECT position FROM data_tables WHERE id = NEW.table_id FOR SHARE), 0);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER datastreams_order_keys BEFORE INSERT OR UPDATE OF object_id, metric_id, table_id ON datastreams
FOR EACH ROW EXECUTE FUNCTION datastreams_order_keys();
--> statement-breakpoint
-- An object or metric renamed, or a table moved in its project: its datastreams follow.
CREATE FUNCTION objects_datastreams_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE datastreams SET object_name = NEW.name WHERE object_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER objects_datastreams_order AFTER UPDATE OF name ON objects
FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION objects_datastreams_order();
--> statement-breakpoint
CREATE FUNCTION metrics_datastreams_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE datastreams SET metric_name = NEW.name WHERE metric_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER metrics_datastreams_order AFTER UPDATE OF name ON metrics
FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION metrics_datastreams_order();
--> statement-breakpoint
CREATE FUNCTION data_tables_datastreams_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE datastreams SET table_position = NEW.position WHERE table_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER data_tables_datastreams_order AFTER UPDATE OF position ON data_tables
FOR EACH ROW WHEN (OLD.position IS DISTINCT FROM NEW.position) EXECUTE FUNCTION data_tables_datastreams_order();
