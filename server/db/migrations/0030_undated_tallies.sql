-- The monitoring total without a date filter (most polls) sums these instead of a year of days: the
-- day tallies of migration 0017 were ~4,400 rows for a 90,000-mission tenant (3–6 ms of the
-- embedded PGlite on every cache miss after a write; a provider's total over 10 ms).
CREATE TABLE "mission_status_tallies" (
	"risk_manager_id" char(24) NOT NULL,
	"service_provider_id" text NOT NULL,
	"status" text NOT NULL,
	"missions" integer NOT NULL,
	CONSTRAINT "mission_status_tallies_pk" PRIMARY KEY("risk_manager_id","service_provider_id","status")
);
--> statement-breakpoint
CREATE TABLE "rejected_proposal_totals" (
	"service_provider_id" char(24) PRIMARY KEY NOT NULL,
	"proposals" integer NOT NULL
);
--> statement-breakpoint
-- Both tallies from the same changes, in the same key order (no deadlock between two writers).
CREATE OR REPLACE FUNCTION tally_missions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added text := 'SELECT risk_manager_id, coalesce(service_provider_id, '''') AS service_provider_id, status, (created_at AT TIME ZONE ''UTC'')::date AS day, 1 AS delta FROM new_rows';
  removed text := 'SELECT risk_manager_id, coalesce(service_provider_id, '''') AS service_provider_id, status, (created_at AT TIME ZONE ''UTC'')::date AS day, -1 AS delta FROM old_rows';
  changes text := CASE TG_OP WHEN 'INSERT' THEN added WHEN 'DELETE' THEN removed ELSE added || ' UNION ALL ' || removed END;
BEGIN
  EXECUTE format(
    'INSERT INTO mission_tallies AS t (risk_manager_id, service_provider_id, status, day, missions)
       SELECT risk_manager_id, service_provider_id, status, day, sum(delta)::int FROM (%s) AS changes
       GROUP BY 1, 2, 3, 4 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4
     ON CONFLICT (risk_manager_id, service_provider_id, status, day) DO UPDATE SET missions = t.missions + excluded.missions', changes);
  EXECUTE format(
    'INSERT INTO mission_status_tallies AS t (risk_manager_id, service_provider_id, status, missions)
       SELECT risk_manager_id, service_provider_id, status, sum(delta)::int FROM (%s) AS changes
       GROUP BY 1, 2, 3 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3
     ON CONFLICT (risk_manager_id, service_provider_id, status) DO UPDATE SET missions = t.missions + excluded.missions', changes);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tally_rejected_proposals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added text := 'SELECT service_provider_id, (mission_created_at AT TIME ZONE ''UTC'')::date AS day, 1 AS delta FROM new_rows WHERE status = ''rejected''';
  removed text := 'SELECT service_provider_id, (mission_created_at AT TIME ZONE ''UTC'')::date AS day, -1 AS delta FROM old_rows WHERE status = ''rejected''';
  changes text := CASE TG_OP WHEN 'INSERT' THEN added WHEN 'DELETE' THEN removed ELSE added || ' UNION ALL ' || removed END;
BEGIN
  EXECUTE format(
    'INSERT INTO rejected_proposal_tallies AS t (service_provider_id, day, proposals)
       SELECT service_provider_id, day, sum(delta)::int FROM (%s) AS changes
       GROUP BY 1, 2 HAVING sum(delta) <> 0 ORDER BY 1, 2
     ON CONFLICT (service_provider_id, day) DO UPDATE SET proposals = t.proposals + excluded.proposals', changes);
  EXECUTE format(
    'INSERT INTO rejected_proposal_totals AS t (service_provider_id, proposals)
       SELECT service_provider_id, sum(delta)::int FROM (%s) AS changes
       GROUP BY 1 HAVING sum(delta) <> 0 ORDER BY 1
     ON CONFLICT (service_provider_id) DO UPDATE SET proposals = t.proposals + excluded.proposals', changes);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION clear_tallies() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'missions' THEN
    DELETE FROM mission_tallies;
    DELETE FROM mission_status_tallies;
  ELSE
    DELETE FROM rejected_proposal_tallies;
    DELETE FROM rejected_proposal_totals;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- What is already there (the day tallies hold it).
INSERT INTO mission_status_tallies (risk_manager_id, service_provider_id, status, missions)
  SELECT risk_manager_id, service_provider_id, status, sum(missions)::int FROM mission_tallies GROUP BY 1, 2, 3 HAVING sum(missions) <> 0;
--> statement-breakpoint
INSERT INTO rejected_proposal_totals (service_provider_id, proposals)
  SELECT service_provider_id, sum(proposals)::int FROM rejected_proposal_tallies GROUP BY 1 HAVING sum(proposals) <> 0;
