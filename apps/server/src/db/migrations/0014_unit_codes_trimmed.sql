-- UCUM's table writes two codes with a trailing space ("g/kg ", "L/(min.m2) "). The reference
-- list now trims them; the spaced copies go, and the next start adds the trimmed ones.
DELETE FROM "units" WHERE "builtin" AND "code" <> btrim("code");
