CREATE TABLE "mission_tallies" (
	"risk_manager_id" char(24) NOT NULL,
	"service_provider_id" text NOT NULL,
	"status" text NOT NULL,
	"day" date NOT NULL,
	"missions" integer NOT NULL,
	CONSTRAINT "mission_tallies_risk_manager_id_service_provider_id_status_day_pk" PRIMARY KEY("risk_manager_id","service_provider_id","status","day")
);
--> statement-breakpoint
CREATE TABLE "rejected_proposal_tallies" (
	"service_provider_id" char(24) NOT NULL,
	"day" date NOT NULL,
	"proposals" integer NOT NULL,
	CONSTRAINT "rejected_proposal_tallies_service_provider_id_day_pk" PRIMARY KEY("service_provider_id","day")
);
--> statement-breakpoint
-- The monitoring total's tallies (server/routes/missions/monitoringTotal.ts), kept in the writer's
-- transaction by statement triggers: a statement's rows are summed per key first, so rows that
-- leave and re-enter a key cancel out (most updates change no key and write nothing), and keys are
-- written in key order, so two writers meet their rows in the same order and cannot deadlock.
-- A DELETE has no NEW TABLE and an INSERT no OLD TABLE: the query names only the ones it has.
CREATE FUNCTION tally_missions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added text := 'SELECT risk_manager_id, coalesce(service_provider_id, '''') AS service_provider_id, status, (created_at AT TIME ZONE ''UTC'')::date AS day, 1 AS delta FROM new_rows';
  removed text := 'SELECT risk_manager_id, coalesce(service_provider_id, '''') AS service_provider_id, status, (created_at AT TIME ZONE ''UTC'')::date AS day, -1 AS delta FROM old_rows';
BEGIN
  EXECUTE format(
    'INSERT INTO mission_tallies AS t (risk_manager_id, service_provider_id, status, day, missions)
       SELECT risk_manager_id, service_provider_id, status, day, sum(delta)::int FROM (%s) AS changes
       GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4
     ON CONFLICT (risk_manager_id, service_provider_id, status, day) DO UPDATE SET missions = t.missions + excluded.missions',
    CASE TG_OP WHEN 'INSERT' THEN added WHEN 'DELETE' THEN removed ELSE added || ' UNION ALL ' || removed END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION tally_rejected_proposals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added text := 'SELECT service_provider_id, (mission_created_at AT TIME ZONE ''UTC'')::date AS day, 1 AS delta FROM new_rows WHERE status = ''rejected''';
  removed text := 'SELECT service_provider_id, (mission_created_at AT TIME ZONE ''UTC'')::date AS day, -1 AS delta FROM old_rows WHERE status = ''rejected''';
BEGIN
  EXECUTE format(
    'INSERT INTO rejected_proposal_tallies AS t (service_provider_id, day, proposals)
       SELECT service_provider_id, day, sum(delta)::int FROM (%s) AS changes
       GROUP BY 1, 2 HAVING sum(delta) <> 0 ORDER BY 1, 2
     ON CONFLICT (service_provider_id, day) DO UPDATE SET proposals = t.proposals + excluded.proposals',
    CASE TG_OP WHEN 'INSERT' THEN added WHEN 'DELETE' THEN removed ELSE added || ' UNION ALL ' || removed END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER missions_tally_insert AFTER INSERT ON missions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tally_missions();
--> statement-breakpoint
CREATE TRIGGER missions_tally_update AFTER UPDATE ON missions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tally_missions();
--> statement-breakpoint
CREATE TRIGGER missions_tally_delete AFTER DELETE ON missions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tally_missions();
--> statement-breakpoint
CREATE TRIGGER proposals_tally_insert AFTER INSERT ON proposals
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tally_rejected_proposals();
--> statement-breakpoint
CREATE TRIGGER proposals_tally_update AFTER UPDATE ON proposals
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tally_rejected_proposals();
--> statement-breakpoint
CREATE TRIGGER proposals_tally_delete AFTER DELETE ON proposals
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tally_rejected_proposals();
--> statement-breakpoint
-- TRUNCATE fires no row or statement DELETE trigger: emptying a table empties its tallies.
CREATE FUNCTION clear_tallies() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'missions' THEN
    DELETE FROM mission_tallies;
  ELSE
    DELETE FROM rejected_proposal_tallies;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER missions_tally_truncate AFTER TRUNCATE ON missions FOR EACH STATEMENT EXECUTE FUNCTION clear_tallies();
--> statement-breakpoint
CREATE TRIGGER proposals_tally_truncate AFTER TRUNCATE ON proposals FOR EACH STATEMENT EXECUTE FUNCTION clear_tallies();
--> statement-breakpoint
-- What is already there.
INSERT INTO mission_tallies (risk_manager_id, service_provider_id, status, day, missions)
  SELECT risk_manager_id, coalesce(service_provider_id, ''), status, (created_at AT TIME ZONE 'UTC')::date, count(*)::int
  FROM missions GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO rejected_proposal_tallies (service_provider_id, day, proposals)
  SELECT service_provider_id, (mission_created_at AT TIME ZONE 'UTC')::date, count(*)::int
  FROM proposals WHERE status = 'rejected' GROUP BY 1, 2;
