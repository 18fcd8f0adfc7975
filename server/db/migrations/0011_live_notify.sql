-- Live dispatch (docs/operations/several-instances.md): every mission event is announced on the channel
-- 'mission_events'
-- by a trigger, so no writer can forget it, and through NOTIFY, which PostgreSQL (and PGlite)
-- delivers only when the writer's transaction commits: a rolled-back change is never announced.
-- The payload is only the ids; each server instance reads the committed rows itself
-- (server/live/hub.ts) and decides which of its clients may hear about them.
CREATE FUNCTION announce_mission_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mission_events', json_build_object('id', NEW.id, 'mission', NEW.mission_id)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER mission_events_announce AFTER INSERT ON mission_events
  FOR EACH ROW EXECUTE FUNCTION announce_mission_event();
