CREATE TABLE "map_cells" (
	"level" integer NOT NULL,
	"cx" integer NOT NULL,
	"cy" integer NOT NULL,
	"types" uuid[] NOT NULL,
	"n" integer NOT NULL,
	"sum_x" double precision NOT NULL,
	"sum_y" double precision NOT NULL,
	"x0" double precision NOT NULL,
	"y0" double precision NOT NULL,
	"x1" double precision NOT NULL,
	"y1" double precision NOT NULL,
	CONSTRAINT "map_cells_level_cx_cy_types_pk" PRIMARY KEY("level","cx","cy","types")
);
--> statement-breakpoint
CREATE TABLE "map_points" (
	"object_id" uuid PRIMARY KEY NOT NULL,
	"types" uuid[] NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL
);
--> statement-breakpoint
-- Deleting emptied cells finds them through this index, not a scan of the table.
CREATE INDEX "map_cells_empty_idx" ON "map_cells" ("level") WHERE "n" = 0;
--> statement-breakpoint
-- Brings map_points and map_cells up to date for these objects: each public object with a
-- place is counted with its types (sorted) at its anchor; what was counted before and is
-- no longer so is taken away, at every stored level, 3 to 14 (tiles of zoom 0 to 11, 8 by 8
-- cells each: modules/objects/map/tiles.ts). Idempotent: calling it twice changes nothing.
CREATE FUNCTION map_refresh(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  WITH wanted AS (
    SELECT o.id, coalesce((SELECT array_agg(l.type_id ORDER BY l.type_id) FROM object_type_links l WHERE l.object_id = o.id), '{}') AS types,
      o.anchor_x AS x, o.anchor_y AS y
    FROM objects o WHERE o.id = ANY(ids) AND o.visibility = 'public' AND o.anchor_x IS NOT NULL
  ), had AS (
    SELECT p.object_id AS id, p.types, p.x, p.y FROM map_points p WHERE p.object_id = ANY(ids)
  ), changes AS (
    SELECT h.types, h.x, h.y, -1 AS sign FROM had h LEFT JOIN wanted w ON w.id = h.id
    WHERE w.id IS NULL OR (w.types, w.x, w.y) IS DISTINCT FROM (h.types, h.x, h.y)
    UNION ALL
    SELECT w.types, w.x, w.y, 1 FROM wanted w LEFT JOIN had h ON h.id = w.id
    WHERE h.id IS NULL OR (w.types, w.x, w.y) IS DISTINCT FROM (h.types, h.x, h.y)
  ), counted AS (
    INSERT INTO map_cells AS m (level, cx, cy, types, n, sum_x, sum_y, x0, y0, x1, y1)
    SELECT l.level, least(floor(c.x * 2 ^ l.level), 2 ^ l.level - 1)::int, least(floor(c.y * 2 ^ l.level), 2 ^ l.level - 1)::int, c.types,
      sum(c.sign), sum(c.sign * c.x), sum(c.sign * c.y), min(c.x), min(c.y), max(c.x), max(c.y)
    FROM changes c CROSS JOIN generate_series(3, 14) AS l(level)
    GROUP BY 1, 2, 3, 4
    ON CONFLICT (level, cx, cy, types) DO UPDATE SET
      n = m.n + excluded.n, sum_x = m.sum_x + excluded.sum_x, sum_y = m.sum_y + excluded.sum_y,
      x0 = least(m.x0, excluded.x0), y0 = least(m.y0, excluded.y0), x1 = greatest(m.x1, excluded.x1), y1 = greatest(m.y1, excluded.y1)
    RETURNING 1
  ), gone AS (
    DELETE FROM map_points p WHERE p.object_id = ANY(ids) AND NOT EXISTS (SELECT 1 FROM wanted w WHERE w.id = p.object_id) RETURNING 1
  ), kept AS (
    INSERT INTO map_points AS p (object_id, types, x, y) SELECT id, types, x, y FROM wanted
    ON CONFLICT (object_id) DO UPDATE SET types = excluded.types, x = excluded.x, y = excluded.y
    WHERE (p.types, p.x, p.y) IS DISTINCT FROM (excluded.types, excluded.x, excluded.y)
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM counted) + (SELECT count(*) FROM gone) + (SELECT count(*) FROM kept);
  DELETE FROM map_cells WHERE n = 0;
$$;
--> statement-breakpoint
-- Objects added, changed where the map sees them (visibility, place) or removed.
CREATE FUNCTION objects_map_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM map_refresh(array_agg(id)) FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM map_refresh(array_agg(n.id)) FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.visibility, o.anchor_x, o.anchor_y) IS DISTINCT FROM (n.visibility, n.anchor_x, n.anchor_y);
  ELSE
    PERFORM map_refresh(array_agg(id)) FROM old_rows;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Objects whose types changed.
CREATE FUNCTION object_type_links_map_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM map_refresh(array_agg(DISTINCT object_id)) FROM new_links;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM map_refresh(array_agg(DISTINCT object_id)) FROM (SELECT object_id FROM old_links UNION SELECT object_id FROM new_links) changed;
  ELSE
    PERFORM map_refresh(array_agg(DISTINCT object_id)) FROM old_links;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER objects_map_insert AFTER INSERT ON objects REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION objects_map_refresh();
--> statement-breakpoint
CREATE TRIGGER objects_map_update AFTER UPDATE ON objects REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION objects_map_refresh();
--> statement-breakpoint
CREATE TRIGGER objects_map_delete AFTER DELETE ON objects REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION objects_map_refresh();
--> statement-breakpoint
CREATE TRIGGER object_type_links_map_insert AFTER INSERT ON object_type_links REFERENCING NEW TABLE AS new_links FOR EACH STATEMENT EXECUTE FUNCTION object_type_links_map_refresh();
--> statement-breakpoint
CREATE TRIGGER object_type_links_map_update AFTER UPDATE ON object_type_links REFERENCING OLD TABLE AS old_links NEW TABLE AS new_links FOR EACH STATEMENT EXECUTE FUNCTION object_type_links_map_refresh();
--> statement-breakpoint
CREATE TRIGGER object_type_links_map_delete AFTER DELETE ON object_type_links REFERENCING OLD TABLE AS old_links FOR EACH STATEMENT EXECUTE FUNCTION object_type_links_map_refresh();
--> statement-breakpoint
-- The objects already in the catalogue.
SELECT map_refresh(array_agg(id)) FROM objects;
