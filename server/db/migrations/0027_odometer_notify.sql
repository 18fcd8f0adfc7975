-- The live cost meter (src/domain/billing/meter.ts): a security agent's odometer written, changed
-- or removed is announced on the mission events' channel ('mission_events', migration 0011) with
-- kind 'odometer' and the mission only, like the chat (migration 0012); the readings stay out of
-- the mission timeline. NOTIFY is delivered on commit: a rolled-back reading is never announced.
CREATE FUNCTION announce_mission_odometer() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_mission text := CASE WHEN TG_OP = 'DELETE' THEN OLD.mission_id ELSE NEW.mission_id END;
BEGIN
  PERFORM pg_notify('mission_events', json_build_object('kind', 'odometer', 'mission', row_mission)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER mission_agents_announce AFTER INSERT OR UPDATE OR DELETE ON mission_agents
  FOR EACH ROW EXECUTE FUNCTION announce_mission_odometer();
