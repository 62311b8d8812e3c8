CREATE TABLE "map_cells" (
	"layer" uuid NOT NULL,
	"level" integer NOT NULL,
	"cx" integer NOT NULL,
	"cy" integer NOT NULL,
	"n" integer NOT NULL,
	"sum_x" double precision NOT NULL,
	"sum_y" double precision NOT NULL,
	"x0" double precision NOT NULL,
	"y0" double precision NOT NULL,
	"x1" double precision NOT NULL,
	"y1" double precision NOT NULL,
	CONSTRAINT "map_cells_layer_level_cx_cy_pk" PRIMARY KEY("layer","level","cx","cy")
);
--> statement-breakpoint
-- Deleting emptied cells finds them through this index, not a scan of the table.
CREATE INDEX "map_cells_empty_idx" ON "map_cells" ("layer") WHERE "n" = 0;
--> statement-breakpoint
-- Adds (sign 1) or takes away (sign -1) points on the map layers at every aggregated level,
-- 3 to 14 (tiles of zoom 0 to 11, 8 by 8 cells each: modules/objects/map/tiles.ts), in one
-- statement for however many points a write changed.
CREATE FUNCTION map_cells_add(layers uuid[], xs float8[], ys float8[], signs int[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO map_cells AS m (layer, level, cx, cy, n, sum_x, sum_y, x0, y0, x1, y1)
  SELECT c.layer, l.level,
    least(floor(c.x * 2 ^ l.level), 2 ^ l.level - 1)::int, least(floor(c.y * 2 ^ l.level), 2 ^ l.level - 1)::int,
    sum(c.sign), sum(c.sign * c.x), sum(c.sign * c.y), min(c.x), min(c.y), max(c.x), max(c.y)
  FROM unnest(layers, xs, ys, signs) AS c(layer, x, y, sign) CROSS JOIN generate_series(3, 14) AS l(level)
  GROUP BY 1, 2, 3, 4
  ON CONFLICT (layer, level, cx, cy) DO UPDATE SET
    n = m.n + excluded.n, sum_x = m.sum_x + excluded.sum_x, sum_y = m.sum_y + excluded.sum_y,
    x0 = least(m.x0, excluded.x0), y0 = least(m.y0, excluded.y0), x1 = greatest(m.x1, excluded.x1), y1 = greatest(m.y1, excluded.y1);
  DELETE FROM map_cells WHERE n = 0;
$$;
--> statement-breakpoint
-- The layers an object counts on: the whole catalogue (all zeros) and each of its types,
-- when it is public and has a place; none otherwise.
CREATE FUNCTION map_layers_of(object_id uuid, visibility text, x float8) RETURNS SETOF uuid LANGUAGE sql STABLE AS $$
  SELECT '00000000-0000-0000-0000-000000000000'::uuid WHERE visibility = 'public' AND x IS NOT NULL
  UNION ALL
  SELECT type_id FROM object_type_links WHERE object_type_links.object_id = map_layers_of.object_id AND visibility = 'public' AND x IS NOT NULL
$$;
--> statement-breakpoint
CREATE FUNCTION objects_map_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM map_cells_add(array_agg('00000000-0000-0000-0000-000000000000'::uuid), array_agg(anchor_x), array_agg(anchor_y), array_agg(1))
  FROM new_rows WHERE visibility = 'public' AND anchor_x IS NOT NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION objects_map_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM map_cells_add(array_agg(c.layer), array_agg(c.x), array_agg(c.y), array_agg(c.sign))
  FROM (
    SELECT l.layer, o.anchor_x AS x, o.anchor_y AS y, -1 AS sign
    FROM old_rows o JOIN new_rows n ON n.id = o.id, map_layers_of(o.id, o.visibility, o.anchor_x) AS l(layer)
    WHERE (o.visibility, o.anchor_x, o.anchor_y) IS DISTINCT FROM (n.visibility, n.anchor_x, n.anchor_y)
    UNION ALL
    SELECT l.layer, n.anchor_x, n.anchor_y, 1
    FROM old_rows o JOIN new_rows n ON n.id = o.id, map_layers_of(n.id, n.visibility, n.anchor_x) AS l(layer)
    WHERE (o.visibility, o.anchor_x, o.anchor_y) IS DISTINCT FROM (n.visibility, n.anchor_x, n.anchor_y)
  ) c;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Before the row goes, while its type links (deleted after it, by the cascade) still name its layers.
CREATE FUNCTION objects_map_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM map_cells_add(array_agg(l.layer), array_agg(OLD.anchor_x), array_agg(OLD.anchor_y), array_agg(-1))
  FROM map_layers_of(OLD.id, OLD.visibility, OLD.anchor_x) AS l(layer);
  RETURN OLD;
END $$;
--> statement-breakpoint
-- A type link added or removed moves the object on that type's layer; a link removed because
-- its object is being deleted finds no object (objects_map_delete counted it already).
CREATE FUNCTION object_type_links_map() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM map_cells_add(array_agg(k.type_id), array_agg(o.anchor_x), array_agg(o.anchor_y), array_agg(-1))
    FROM old_links k JOIN objects o ON o.id = k.object_id WHERE o.visibility = 'public' AND o.anchor_x IS NOT NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM map_cells_add(array_agg(k.type_id), array_agg(o.anchor_x), array_agg(o.anchor_y), array_agg(1))
    FROM new_links k JOIN objects o ON o.id = k.object_id WHERE o.visibility = 'public' AND o.anchor_x IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER objects_map_insert AFTER INSERT ON objects REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION objects_map_insert();
--> statement-breakpoint
CREATE TRIGGER objects_map_update AFTER UPDATE ON objects REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION objects_map_update();
--> statement-breakpoint
CREATE TRIGGER objects_map_delete BEFORE DELETE ON objects FOR EACH ROW EXECUTE FUNCTION objects_map_delete();
--> statement-breakpoint
CREATE TRIGGER object_type_links_map_insert AFTER INSERT ON object_type_links REFERENCING NEW TABLE AS new_links FOR EACH STATEMENT EXECUTE FUNCTION object_type_links_map();
--> statement-breakpoint
CREATE TRIGGER object_type_links_map_update AFTER UPDATE ON object_type_links REFERENCING OLD TABLE AS old_links NEW TABLE AS new_links FOR EACH STATEMENT EXECUTE FUNCTION object_type_links_map();
--> statement-breakpoint
CREATE TRIGGER object_type_links_map_delete AFTER DELETE ON object_type_links REFERENCING OLD TABLE AS old_links FOR EACH STATEMENT EXECUTE FUNCTION object_type_links_map();
--> statement-breakpoint
-- The objects already in the catalogue.
SELECT map_cells_add(array_agg(l.layer), array_agg(o.anchor_x), array_agg(o.anchor_y), array_agg(1))
FROM objects o, map_layers_of(o.id, o.visibility, o.anchor_x) AS l(layer);
