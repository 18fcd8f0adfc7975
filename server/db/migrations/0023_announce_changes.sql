-- What an instance keeps in memory is announced when it changes, in the writer's transaction, on
-- the 'data_changes' channel (server/cache/changeStamps.ts): a request whose answer is cached then
-- asks nothing of the database.
-- 1. 'user:{id}' for every written user row: the token check keeps users in memory
--    (server/plugins/auth.ts), and a reset, deactivation or new profile must reach every instance
--    by the user's next request. TRUNCATE announces '*' (everything).
CREATE FUNCTION announce_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('data_changes', 'user:' || OLD.id);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('data_changes', 'user:' || NEW.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_announce_change AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION announce_user_change();
--> statement-breakpoint
CREATE FUNCTION announce_everything() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('data_changes', '*');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_announce_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION announce_everything();
--> statement-breakpoint
-- 2. 'table:{name}' for every statement writing a catalogue table whose lists are cached (the
--    generic catalogue CRUD, server/routes/crud.ts). The server caches a list only when every table
--    it reads carries a trigger named '{table}_announce_change' (changeStamps.ts reads them at
--    start-up), so a table added without one is served fresh, never stale.
CREATE FUNCTION announce_table_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('data_changes', 'table:' || TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER causes_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON causes
  FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER carriers_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON carriers
  FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER places_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON places
  FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER leaderships_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON leaderships
  FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER requesters_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON requesters
  FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER states_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON states
  FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER cities_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cities
  FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER shippers_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shippers
  FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER service_providers_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON service_providers
  FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER franchises_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON franchises
  FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
-- 3. The city list's own token (migration 0002) is replaced by the announcements of states and cities.
DROP TRIGGER states_geography_version ON states;
--> statement-breakpoint
DROP TRIGGER cities_geography_version ON cities;
--> statement-breakpoint
DELETE FROM catalogue_versions WHERE name = 'geography';
