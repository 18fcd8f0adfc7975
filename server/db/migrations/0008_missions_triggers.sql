-- The mission event log is append-only: nothing updates or deletes an event (docs/rules/missions.md). TRUNCATE
-- (test resets) is a separate event these triggers do not cover.
CREATE FUNCTION refuse_mission_event_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'mission_events is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER mission_events_append_only BEFORE UPDATE OR DELETE ON mission_events
  FOR EACH ROW EXECUTE FUNCTION refuse_mission_event_change();
--> statement-breakpoint
-- Every write to missions or proposals replaces its tenants' token in mission_versions, inside the
-- writer's transaction; the monitoring total is cached only under the current token
-- (server/routes/missions/monitoringCount.ts). Transition tables need one trigger per event.
CREATE FUNCTION bump_mission_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO mission_versions (risk_manager_id, version, updated_at)
      SELECT risk_manager_id, gen_random_uuid()::text, now() FROM (SELECT DISTINCT risk_manager_id FROM old_rows) AS touched
      ON CONFLICT (risk_manager_id) DO UPDATE SET version = excluded.version, updated_at = excluded.updated_at;
  ELSE
    INSERT INTO mission_versions (risk_manager_id, version, updated_at)
      SELECT risk_manager_id, gen_random_uuid()::text, now() FROM (SELECT DISTINCT risk_manager_id FROM new_rows) AS touched
      ON CONFLICT (risk_manager_id) DO UPDATE SET version = excluded.version, updated_at = excluded.updated_at;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER missions_version_insert AFTER INSERT ON missions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_mission_version();
--> statement-breakpoint
CREATE TRIGGER missions_version_update AFTER UPDATE ON missions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_mission_version();
--> statement-breakpoint
CREATE TRIGGER missions_version_delete AFTER DELETE ON missions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_mission_version();
--> statement-breakpoint
CREATE TRIGGER proposals_version_insert AFTER INSERT ON proposals
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_mission_version();
--> statement-breakpoint
CREATE TRIGGER proposals_version_update AFTER UPDATE ON proposals
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_mission_version();
--> statement-breakpoint
CREATE TRIGGER proposals_version_delete AFTER DELETE ON proposals
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_mission_version();
