-- SLA clocks per mission phase (src/domain/missions/sla.ts holds the rule). The moments a phase
-- turns on are kept on the mission row by triggers in the writer's transaction, so the monitoring
-- page reads them with the row (no query per row) and every writer, the demo seed included, keeps
-- them without knowing about them. The row update moves the tenant's monitoring token as any other.
ALTER TABLE "mission_configs" ADD COLUMN "sla_proposal" integer;
--> statement-breakpoint
ALTER TABLE "mission_configs" ADD COLUMN "sla_accept" integer;
--> statement-breakpoint
ALTER TABLE "mission_configs" ADD COLUMN "sla_arrival" integer;
--> statement-breakpoint
ALTER TABLE "mission_configs" ADD COLUMN "sla_execution" integer;
--> statement-breakpoint
ALTER TABLE "mission_configs" ADD COLUMN "sla_billing" integer;
--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "sla_first_proposal_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "sla_accepted_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "sla_eta_minutes" integer;
--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "sla_arrived_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "sla_finished_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "sla_billed_at" timestamp with time zone;
--> statement-breakpoint
-- A phase's breach is written once per mission, ever: the recorder checks under the mission's lock,
-- and this index refuses a second one whatever writer tries.
CREATE UNIQUE INDEX "mission_events_sla_breach_idx" ON "mission_events" ("mission_id", "action") WHERE "action" LIKE 'sla_breached_%';
--> statement-breakpoint
-- The targets ride on the cached monitoring rows: a change of them drops those pages like a name change.
CREATE TRIGGER mission_configs_names_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON mission_configs
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version('mission_names');
--> statement-breakpoint
-- hh:mm of the approved proposal's ETA as minutes; null when absent or malformed.
CREATE FUNCTION sla_eta_minutes(eta text) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN eta ~ '^[0-9]{1,2}:[0-5][0-9]$'
    THEN split_part(eta, ':', 1)::int * 60 + split_part(eta, ':', 2)::int END
$$;
--> statement-breakpoint
-- The first agent's arrival on place, from the odometer readings as the API stores them.
CREATE FUNCTION sla_arrival_of(mission text) RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT min((a.odometer -> 'arrivalOnPlace' ->> 'time')::timestamptz) FROM mission_agents a
    WHERE a.mission_id = mission AND (a.odometer -> 'arrivalOnPlace' ->> 'time') ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T'
$$;
--> statement-breakpoint
-- The timeline's events move the phases: first completed proposal, acceptance (with the holder's
-- ETA), finish (cleared by a reopen), and full billing (the event whose status reaches 'billed').
CREATE FUNCTION sla_from_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.action = 'proposal_completed' THEN
    UPDATE missions SET sla_first_proposal_at = NEW.created_at WHERE id = NEW.mission_id AND sla_first_proposal_at IS NULL;
  ELSIF NEW.action = 'accepted' THEN
    UPDATE missions SET sla_accepted_at = NEW.created_at,
      sla_eta_minutes = (SELECT sla_eta_minutes(p.eta_time) FROM proposals p
        WHERE p.mission_id = NEW.mission_id AND p.service_provider_id = NEW.service_provider_id AND p.status = 'approved' LIMIT 1)
      WHERE id = NEW.mission_id;
  ELSIF NEW.action = 'finished' THEN
    UPDATE missions SET sla_finished_at = NEW.created_at WHERE id = NEW.mission_id;
  ELSIF NEW.action = 'reopened' THEN
    UPDATE missions SET sla_finished_at = NULL WHERE id = NEW.mission_id;
  ELSIF NEW.to_status = 'billed' AND NEW.from_status IS DISTINCT FROM 'billed' THEN
    UPDATE missions SET sla_billed_at = NEW.created_at WHERE id = NEW.mission_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER mission_events_sla AFTER INSERT ON mission_events FOR EACH ROW EXECUTE FUNCTION sla_from_event();
--> statement-breakpoint
CREATE FUNCTION sla_from_agents() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched text := CASE WHEN TG_OP = 'DELETE' THEN OLD.mission_id ELSE NEW.mission_id END;
BEGIN
  UPDATE missions SET sla_arrived_at = sla_arrival_of(touched)
    WHERE id = touched AND sla_arrived_at IS DISTINCT FROM sla_arrival_of(touched);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER mission_agents_sla AFTER INSERT OR UPDATE OR DELETE ON mission_agents FOR EACH ROW EXECUTE FUNCTION sla_from_agents();
--> statement-breakpoint
-- Missions written before the clocks: the same moments from their timeline and agents.
UPDATE missions m SET
  sla_first_proposal_at = (SELECT min(e.created_at) FROM mission_events e WHERE e.mission_id = m.id AND e.action = 'proposal_completed'),
  sla_accepted_at = (SELECT max(e.created_at) FROM mission_events e WHERE e.mission_id = m.id AND e.action = 'accepted'),
  sla_eta_minutes = (SELECT sla_eta_minutes(p.eta_time) FROM proposals p
    WHERE p.mission_id = m.id AND p.service_provider_id = m.service_provider_id AND p.status = 'approved' LIMIT 1),
  sla_arrived_at = sla_arrival_of(m.id),
  sla_finished_at = CASE WHEN m.status <> 'started' THEN
    (SELECT max(e.created_at) FROM mission_events e WHERE e.mission_id = m.id AND e.action = 'finished') END,
  sla_billed_at = CASE WHEN m.status = 'billed' THEN
    (SELECT max(e.created_at) FROM mission_events e WHERE e.mission_id = m.id AND e.to_status = 'billed') END
  WHERE EXISTS (SELECT 1 FROM mission_events e WHERE e.mission_id = m.id AND e.action <> 'created')
    OR EXISTS (SELECT 1 FROM mission_agents a WHERE a.mission_id = m.id);
