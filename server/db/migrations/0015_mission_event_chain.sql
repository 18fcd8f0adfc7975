ALTER TABLE "mission_events" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "mission_events" ADD COLUMN "hash" text;--> statement-breakpoint
CREATE INDEX "mission_events_unsealed_idx" ON "mission_events" USING btree ("mission_id") WHERE "mission_events"."hash" is null;--> statement-breakpoint
-- Events written before the chain get their hashes once, in order, at startup (server/db/eventChain.ts:
-- the canonical form lives in TypeScript, src/domain/reports/chain.ts, so the hashes are computed
-- there, not here). The append-only rule therefore lets exactly one change through: filling in a
-- missing hash, every other column unchanged. Anything else is still refused.
CREATE OR REPLACE FUNCTION refuse_mission_event_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.hash IS NULL AND NEW.hash IS NOT NULL
    AND (to_jsonb(NEW) - 'hash' - 'prev_hash') = (to_jsonb(OLD) - 'hash' - 'prev_hash') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'mission_events is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
