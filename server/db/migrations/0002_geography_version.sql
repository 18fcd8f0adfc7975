-- Every write to states or cities (any statement, TRUNCATE included) replaces the 'geography'
-- token in catalogue_versions, inside the writer's transaction. GET /api/admin/cities serves its
-- in-memory copy only while the token it was built with is current (see server/routes/versionedJson.ts).
CREATE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalogue_versions (name, version) VALUES (TG_ARGV[0], gen_random_uuid()::text)
  ON CONFLICT (name) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER states_geography_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON states
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version('geography');
--> statement-breakpoint
CREATE TRIGGER cities_geography_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cities
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version('geography');
--> statement-breakpoint
INSERT INTO catalogue_versions (name, version) VALUES ('geography', gen_random_uuid()::text)
  ON CONFLICT (name) DO NOTHING;
