-- The monitoring page's rows are shared by every user of a scope and kept under the tenant's token
-- (server/routes/missions/monitoring.ts); each user's unread chat counts are kept apart
-- (unreadCounts.ts). So a chat message or a read no longer moves the tenant's token (migration 0018),
-- which made every user of the tenant read its whole page again: a message announces the mission's
-- risk manager with it ('mission_events', kind 'chat', 0012), and a read announces 'unread:{user}'.
DROP TRIGGER mission_messages_version_insert ON mission_messages;
--> statement-breakpoint
DROP TRIGGER mission_messages_version_update ON mission_messages;
--> statement-breakpoint
DROP TRIGGER mission_messages_version_delete ON mission_messages;
--> statement-breakpoint
DROP TRIGGER chat_reads_version_insert ON chat_reads;
--> statement-breakpoint
DROP TRIGGER chat_reads_version_update ON chat_reads;
--> statement-breakpoint
DROP TRIGGER chat_reads_version_delete ON chat_reads;
--> statement-breakpoint
DROP FUNCTION bump_mission_version_via_mission();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION announce_mission_message() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_mission text := CASE WHEN TG_OP = 'DELETE' THEN OLD.mission_id ELSE NEW.mission_id END;
BEGIN
  PERFORM pg_notify('mission_events', json_build_object(
    'kind', 'chat',
    'mission', row_mission,
    'riskManager', (SELECT risk_manager_id FROM missions WHERE id = row_mission)
  )::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION announce_chat_read() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('data_changes', 'unread:' || CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER chat_reads_announce AFTER INSERT OR UPDATE OR DELETE ON chat_reads
  FOR EACH ROW EXECUTE FUNCTION announce_chat_read();
--> statement-breakpoint
CREATE TRIGGER chat_reads_announce_truncate AFTER TRUNCATE ON chat_reads
  FOR EACH STATEMENT EXECUTE FUNCTION announce_everything();
--> statement-breakpoint
CREATE TRIGGER mission_messages_announce_truncate AFTER TRUNCATE ON mission_messages
  FOR EACH STATEMENT EXECUTE FUNCTION announce_everything();
