-- Every change of a tenant token (mission_versions) or of the 'mission_names' token is announced
-- on the 'tenant_tokens' channel, with the tenant's id or '*' for all. The embedded PGlite, which
-- serves one process, keeps the tokens in memory from these announcements
-- (server/routes/missions/tenantTokens.ts): a poll that finds nothing changed then asks nothing of
-- the database, whose one thread is busy with the writes' recomputations. PGlite delivers them
-- with the COMMIT's answer, before the writer resumes. On PostgreSQL nobody listens; instances
-- read the tokens from the table, which is exact across instances.
CREATE FUNCTION announce_tenant_tokens() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Statements are planned when first run: new_rows is named only where the trigger defines it.
  IF TG_TABLE_NAME = 'mission_versions' THEN
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      PERFORM pg_notify('tenant_tokens', risk_manager_id) FROM (SELECT DISTINCT risk_manager_id FROM new_rows) AS touched;
    ELSE
      PERFORM pg_notify('tenant_tokens', '*');
    END IF;
  ELSIF EXISTS (SELECT 1 FROM new_rows WHERE name = 'mission_names') THEN
    PERFORM pg_notify('tenant_tokens', '*');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER mission_versions_announce_insert AFTER INSERT ON mission_versions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_tenant_tokens();
--> statement-breakpoint
CREATE TRIGGER mission_versions_announce_update AFTER UPDATE ON mission_versions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_tenant_tokens();
--> statement-breakpoint
CREATE TRIGGER mission_versions_announce_delete AFTER DELETE ON mission_versions
  FOR EACH STATEMENT EXECUTE FUNCTION announce_tenant_tokens();
--> statement-breakpoint
CREATE TRIGGER mission_versions_announce_truncate AFTER TRUNCATE ON mission_versions
  FOR EACH STATEMENT EXECUTE FUNCTION announce_tenant_tokens();
--> statement-breakpoint
CREATE TRIGGER catalogue_versions_announce_insert AFTER INSERT ON catalogue_versions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_tenant_tokens();
--> statement-breakpoint
CREATE TRIGGER catalogue_versions_announce_update AFTER UPDATE ON catalogue_versions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_tenant_tokens();
