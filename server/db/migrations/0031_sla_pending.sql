-- The SLA sweep (server/missions/slaBreaches.ts) every 30 s read every mission of every tenant with
-- targets to find the few whose running phase is past due with its breach not written: at 100,000
-- missions, ~1 s of the embedded PGlite per sweep (in slices, each holding the requests behind it).
-- The breaches written are now kept on the mission row, and two indexes hold just what the sweep
-- looks at: the missions whose running phase has begun and has no breach written (whatever the
-- targets: they are judged at read time, so a change of targets needs nothing rebuilt), and the
-- moment of the latest phase change (a phase that ended late is judged within a day of its end).
ALTER TABLE "missions" ADD COLUMN "sla_breached" text[] DEFAULT '{}' NOT NULL;
--> statement-breakpoint
-- Mirrors sla.ts's phase order (RUNS_WHILE) and slaBreaches.ts's running phase: true while the
-- running phase has begun and its breach is not on the timeline.
CREATE FUNCTION sla_pending(status text, first_proposal_at timestamptz, accepted_at timestamptz, arrived_at timestamptz,
    finished_at timestamptz, breached text[]) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN status = 'open' AND first_proposal_at IS NULL THEN NOT 'sla_breached_proposal' = ANY (breached)
    WHEN status = 'open' THEN NOT 'sla_breached_accept' = ANY (breached)
    WHEN status = 'started' AND arrived_at IS NULL THEN accepted_at IS NOT NULL AND NOT 'sla_breached_arrival' = ANY (breached)
    WHEN status = 'started' THEN NOT 'sla_breached_execution' = ANY (breached)
    WHEN status IN ('finished', 'billed_shipper', 'billed_provider') THEN finished_at IS NOT NULL AND NOT 'sla_breached_billing' = ANY (breached)
    ELSE false END
$$;
--> statement-breakpoint
-- The timeline's breaches on the row, in the writer's transaction.
CREATE FUNCTION sla_breach_from_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE missions SET sla_breached = array_append(sla_breached, NEW.action) WHERE id = NEW.mission_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER mission_events_sla_breached AFTER INSERT ON mission_events
  FOR EACH ROW WHEN (NEW.action LIKE 'sla_breached_%') EXECUTE FUNCTION sla_breach_from_event();
--> statement-breakpoint
-- What is already there.
UPDATE missions m SET sla_breached = (SELECT array_agg(e.action ORDER BY e.seq) FROM mission_events e
    WHERE e.mission_id = m.id AND e.action LIKE 'sla_breached_%')
  WHERE EXISTS (SELECT 1 FROM mission_events e WHERE e.mission_id = m.id AND e.action LIKE 'sla_breached_%');
--> statement-breakpoint
CREATE INDEX "missions_sla_pending_idx" ON "missions" ("id")
  WHERE sla_pending("status", "sla_first_proposal_at", "sla_accepted_at", "sla_arrived_at", "sla_finished_at", "sla_breached");
--> statement-breakpoint
CREATE INDEX "missions_sla_changed_idx" ON "missions"
  (greatest("sla_first_proposal_at", "sla_accepted_at", "sla_arrived_at", "sla_finished_at", "sla_billed_at"));
