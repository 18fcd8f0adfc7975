-- The monitoring page is cached like its total (server/routes/missions/tenantCache.ts, which
-- replaced monitoringCount.ts named in 0008), so every
-- table it shows must move a token in the writer's transaction, not only missions and proposals:
-- - a chat message or a read moves the token of the mission's tenant (the page's unread counts);
-- - a write to any table whose names the page shows moves the global 'mission_names' token.
CREATE FUNCTION bump_mission_version_via_mission() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO mission_versions (risk_manager_id, version, updated_at)
      SELECT risk_manager_id, gen_random_uuid()::text, now()
        FROM (SELECT DISTINCT m.risk_manager_id FROM old_rows r JOIN missions m ON m.id = r.mission_id) AS touched
      ON CONFLICT (risk_manager_id) DO UPDATE SET version = excluded.version, updated_at = excluded.updated_at;
  ELSE
    INSERT INTO mission_versions (risk_manager_id, version, updated_at)
      SELECT risk_manager_id, gen_random_uuid()::text, now()
        FROM (SELECT DISTINCT m.risk_manager_id FROM new_rows r JOIN missions m ON m.id = r.mission_id) AS touched
      ON CONFLICT (risk_manager_id) DO UPDATE SET version = excluded.version, updated_at = excluded.updated_at;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER mission_messages_version_insert AFTER INSERT ON mission_messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_mission_version_via_mission();
--> statement-breakpoint
CREATE TRIGGER mission_messages_version_update AFTER UPDATE ON mission_messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_mission_version_via_mission();
--> statement-breakpoint
CREATE TRIGGER mission_messages_version_delete AFTER DELETE ON mission_messages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_mission_version_via_mission();
--> statement-breakpoint
CREATE TRIGGER chat_reads_version_insert AFTER INSERT ON chat_reads
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_mission_version_via_mission();
--> statement-breakpoint
CREATE TRIGGER chat_reads_version_update AFTER UPDATE ON chat_reads
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_mission_version_via_mission();
--> statement-breakpoint
CREATE TRIGGER chat_reads_version_delete AFTER DELETE ON chat_reads
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_mission_version_via_mission();
--> statement-breakpoint
CREATE TRIGGER risk_managers_names_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON risk_managers
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version('mission_names');
--> statement-breakpoint
CREATE TRIGGER shippers_names_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shippers
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version('mission_names');
--> statement-breakpoint
CREATE TRIGGER franchise_plans_names_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON franchise_plans
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version('mission_names');
--> statement-breakpoint
CREATE TRIGGER requesters_names_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON requesters
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version('mission_names');
--> statement-breakpoint
CREATE TRIGGER service_providers_names_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON service_providers
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version('mission_names');
--> statement-breakpoint
CREATE TRIGGER causes_names_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON causes
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version('mission_names');
--> statement-breakpoint
CREATE TRIGGER carriers_names_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON carriers
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version('mission_names');
--> statement-breakpoint
CREATE TRIGGER places_names_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON places
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version('mission_names');
--> statement-breakpoint
CREATE TRIGGER leaderships_names_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON leaderships
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version('mission_names');
--> statement-breakpoint
INSERT INTO catalogue_versions (name, version) VALUES ('mission_names', gen_random_uuid()::text)
  ON CONFLICT (name) DO NOTHING;
