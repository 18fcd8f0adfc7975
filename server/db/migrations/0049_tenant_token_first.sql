-- One lock order for every write to a tenant's missions and proposals (docs/rules/missions.md,
-- "Ordem dos bloqueios"): the tenant's monitoring token (mission_versions, migration 0008) first,
-- then the counters (the rejection tallies, then the mission tallies, migrations 0017 and 0030).
-- Statement triggers of one event fire in the order of their names, and the mission tallies' came
-- before the token's: a new mission held the tenant's open tally and waited for the token, while a
-- start, which had the token from approving its proposal, waited for that tally — a deadlock
-- (40P01, a 500 to one of the two users). The token's triggers now fire first on both tables, so
-- every writer meets the tenant's token before any of its counters, and waits there.
ALTER TRIGGER missions_version_insert ON missions RENAME TO missions_0_version_insert;
--> statement-breakpoint
ALTER TRIGGER missions_version_update ON missions RENAME TO missions_0_version_update;
--> statement-breakpoint
ALTER TRIGGER missions_version_delete ON missions RENAME TO missions_0_version_delete;
--> statement-breakpoint
ALTER TRIGGER proposals_version_insert ON proposals RENAME TO proposals_0_version_insert;
--> statement-breakpoint
ALTER TRIGGER proposals_version_update ON proposals RENAME TO proposals_0_version_update;
--> statement-breakpoint
ALTER TRIGGER proposals_version_delete ON proposals RENAME TO proposals_0_version_delete;
--> statement-breakpoint
-- A statement that writes several tenants' missions takes their tokens in key order, as the
-- tallies take their rows, so two such statements cannot take them in opposite orders.
CREATE OR REPLACE FUNCTION bump_mission_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO mission_versions (risk_manager_id, version, updated_at)
      SELECT risk_manager_id, gen_random_uuid()::text, now() FROM (SELECT DISTINCT risk_manager_id FROM old_rows) AS touched
      ORDER BY risk_manager_id
      ON CONFLICT (risk_manager_id) DO UPDATE SET version = excluded.version, updated_at = excluded.updated_at;
  ELSE
    INSERT INTO mission_versions (risk_manager_id, version, updated_at)
      SELECT risk_manager_id, gen_random_uuid()::text, now() FROM (SELECT DISTINCT risk_manager_id FROM new_rows) AS touched
      ORDER BY risk_manager_id
      ON CONFLICT (risk_manager_id) DO UPDATE SET version = excluded.version, updated_at = excluded.updated_at;
  END IF;
  RETURN NULL;
END
$$;
