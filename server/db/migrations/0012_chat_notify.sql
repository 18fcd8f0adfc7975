-- Chat live updates (docs/rules/missions.md): a message sent or deleted is announced on the same channel as the
-- mission events ('mission_events', migration 0011), marked with kind 'chat' and naming only the
-- mission; the messages stay out of mission_events, so the mission timeline never shows them.
-- NOTIFY is delivered on commit: a rolled-back message is never announced.
CREATE FUNCTION announce_mission_message() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_mission text := CASE WHEN TG_OP = 'DELETE' THEN OLD.mission_id ELSE NEW.mission_id END;
BEGIN
  PERFORM pg_notify('mission_events', json_build_object('kind', 'chat', 'mission', row_mission)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER mission_messages_announce AFTER INSERT OR DELETE ON mission_messages
  FOR EACH ROW EXECUTE FUNCTION announce_mission_message();
