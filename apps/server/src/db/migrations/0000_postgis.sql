-- PostGIS for geo-located objects; gen_random_uuid() is built in since PostgreSQL 13.
CREATE EXTENSION IF NOT EXISTS postgis;
