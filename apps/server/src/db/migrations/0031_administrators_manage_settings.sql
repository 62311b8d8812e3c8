-- The built-in Administrator role holds every global permission: manageSettings (Site Admin → Basemap) is new.
UPDATE "roles" SET "permissions" = array_append("permissions", 'manageSettings')
WHERE "slug" = 'administrator' AND NOT ('manageSettings' = ANY("permissions"));
