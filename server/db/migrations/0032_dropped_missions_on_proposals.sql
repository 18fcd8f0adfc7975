-- A provider's monitoring page and total include the missions canceled before anyone got them while
-- its proposal was live (server/missions/monitoringSets.ts). They were found by looking up the
-- mission of each of the provider's live proposals: ~300 lookups for a provider of the bench's
-- 100,000 missions, 2–6 ms of the embedded PGlite in every recount after a write. Whether the
-- mission was dropped so is now kept on its proposals, in the writer's transaction, and a partial
-- index holds just the live proposals whose mission was.
ALTER TABLE "proposals" ADD COLUMN "mission_dropped" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE FUNCTION mission_dropped_to_proposals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE proposals SET mission_dropped = (NEW.status = 'canceled' AND NEW.service_provider_id IS NULL)
    WHERE mission_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER missions_dropped_to_proposals AFTER UPDATE OF status, service_provider_id ON missions
  FOR EACH ROW WHEN ((OLD.status = 'canceled' AND OLD.service_provider_id IS NULL)
    IS DISTINCT FROM (NEW.status = 'canceled' AND NEW.service_provider_id IS NULL))
  EXECUTE FUNCTION mission_dropped_to_proposals();
--> statement-breakpoint
-- A proposal written on (or moved to) a mission takes the mission's state.
CREATE FUNCTION proposal_mission_dropped() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.mission_dropped := EXISTS (SELECT 1 FROM missions m
    WHERE m.id = NEW.mission_id AND m.status = 'canceled' AND m.service_provider_id IS NULL);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER proposals_mission_dropped BEFORE INSERT OR UPDATE OF mission_id ON proposals
  FOR EACH ROW EXECUTE FUNCTION proposal_mission_dropped();
--> statement-breakpoint
-- What is already there.
UPDATE proposals p SET mission_dropped = true FROM missions m
  WHERE m.id = p.mission_id AND m.status = 'canceled' AND m.service_provider_id IS NULL;
--> statement-breakpoint
CREATE INDEX "proposals_provider_dropped_created_idx" ON "proposals"
  ("service_provider_id", "mission_created_at" DESC NULLS LAST, "mission_id" DESC NULLS LAST)
  WHERE "mission_dropped" AND "status" IN ('pending', 'completed');
