-- Arrival and leaving detected from the team's positions (docs/rules/positions.md): the radius
-- around the mission's place each tenant sets in its mission parameters, and one arrival and one
-- leaving per mission, ever, whatever instances and devices race to write them.
ALTER TABLE "mission_configs" ADD COLUMN "arrival_radius" integer DEFAULT 200 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "mission_events_presence_idx" ON "mission_events" USING btree ("mission_id","action") WHERE "action" in ('team_arrived', 'team_left');
