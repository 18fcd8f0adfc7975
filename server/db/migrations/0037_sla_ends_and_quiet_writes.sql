-- 1. The SLA sweep (server/missions/slaBreaches.ts) found a phase that ended late only while its end
-- was less than a day old (missions_sla_changed_idx): an end written with an older moment (an
-- arrival reading typed in later) or one the sweep did not see in time (a server down for a day)
-- never reached the timeline. Each end of a phase that had a target when it was written now waits
-- in sla_ends, put there in the writer's transaction, until the sweep has judged it once, however
-- old it is. The queue is its own table so that emptying it does not write the mission row (every
-- write there moves the tenant's monitoring token, migration 0008).
CREATE TABLE "sla_ends" (
  "mission_id" char(24) NOT NULL REFERENCES "missions"("id") ON DELETE cascade,
  "phase" text NOT NULL,
  "ended_at" timestamp with time zone NOT NULL,
  PRIMARY KEY ("mission_id", "phase")
);
--> statement-breakpoint
-- The phases end at these moments (src/domain/missions/sla.ts); a phase without a target when it ends
-- is not judged after the fact (the timeline records breaches of the targets in force).
CREATE FUNCTION sla_ends_of_mission() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  targets mission_configs%ROWTYPE;
BEGIN
  SELECT * INTO targets FROM mission_configs WHERE risk_manager_id = NEW.risk_manager_id;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  INSERT INTO sla_ends (mission_id, phase, ended_at)
    SELECT NEW.id, e.phase, e.ended_at FROM (VALUES
        ('proposal', NEW.sla_first_proposal_at, CASE WHEN TG_OP = 'UPDATE' THEN OLD.sla_first_proposal_at END, targets.sla_proposal),
        ('accept', NEW.sla_accepted_at, CASE WHEN TG_OP = 'UPDATE' THEN OLD.sla_accepted_at END, targets.sla_accept),
        ('arrival', NEW.sla_arrived_at, CASE WHEN TG_OP = 'UPDATE' THEN OLD.sla_arrived_at END, targets.sla_arrival + NEW.sla_eta_minutes),
        ('execution', NEW.sla_finished_at, CASE WHEN TG_OP = 'UPDATE' THEN OLD.sla_finished_at END, targets.sla_execution),
        ('billing', NEW.sla_billed_at, CASE WHEN TG_OP = 'UPDATE' THEN OLD.sla_billed_at END, targets.sla_billing)
      ) AS e(phase, ended_at, was, target)
      WHERE e.ended_at IS NOT NULL AND e.ended_at IS DISTINCT FROM e.was AND e.target IS NOT NULL
    ON CONFLICT (mission_id, phase) DO UPDATE SET ended_at = excluded.ended_at;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER missions_sla_ends AFTER INSERT OR UPDATE OF sla_first_proposal_at, sla_accepted_at, sla_arrived_at, sla_finished_at, sla_billed_at
  ON missions FOR EACH ROW EXECUTE FUNCTION sla_ends_of_mission();
--> statement-breakpoint
-- What the day's look-back would still have judged.
INSERT INTO sla_ends (mission_id, phase, ended_at)
  SELECT m.id, e.phase, e.ended_at FROM missions m JOIN mission_configs c ON c.risk_manager_id = m.risk_manager_id,
    LATERAL (VALUES
      ('proposal', m.sla_first_proposal_at, c.sla_proposal),
      ('accept', m.sla_accepted_at, c.sla_accept),
      ('arrival', m.sla_arrived_at, c.sla_arrival + m.sla_eta_minutes),
      ('execution', m.sla_finished_at, c.sla_execution),
      ('billing', m.sla_billed_at, c.sla_billing)
    ) AS e(phase, ended_at, target)
  WHERE e.ended_at >= now() - interval '1 day' AND e.target IS NOT NULL AND NOT ('sla_breached_' || e.phase) = ANY (m.sla_breached);
--> statement-breakpoint
DROP INDEX "missions_sla_changed_idx";
--> statement-breakpoint
-- 2. A write that changes no row (a DELETE or UPDATE of an id that is not there) moved the
-- 'mission_names' token all the same (a statement trigger fires for zero rows too), dropping every
-- tenant's kept monitoring pages for nothing. The token now moves only when the statement wrote a
-- row: one trigger per event, each with the rows it wrote (a transition table takes one event per
-- trigger; TRUNCATE has none and always moves it).
CREATE OR REPLACE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'TRUNCATE' THEN
    IF NOT EXISTS (SELECT 1 FROM written) THEN
      RETURN NULL;
    END IF;
  END IF;
  INSERT INTO catalogue_versions (name, version) VALUES (TG_ARGV[0], gen_random_uuid()::text)
  ON CONFLICT (name) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['risk_managers', 'shippers', 'franchise_plans', 'requesters', 'service_providers', 'causes', 'carriers',
      'places', 'leaderships', 'mission_configs'] LOOP
    EXECUTE format('DROP TRIGGER %I ON %I', t || '_names_version', t);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS written
      FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version(''mission_names'')', t || '_names_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS written
      FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version(''mission_names'')', t || '_names_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS written
      FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version(''mission_names'')', t || '_names_delete', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
      FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version(''mission_names'')', t || '_names_truncate', t);
  END LOOP;
END
$$;
