-- The live arrival estimate kept on the mission (docs/rules/positions.md, "Previsão de chegada"):
-- written when a team's position is stored, read as plain columns by the map, the shipper's page
-- and the monitoring table's arrival clock (docs/rules/sla.md) — no read recomputes it, and no
-- monitoring row joins the positions.
ALTER TABLE "missions" ADD COLUMN "live_eta_arrival_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "live_eta_fix_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "live_eta_source" text;
