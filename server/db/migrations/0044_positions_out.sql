-- Positions out (docs/rules/positions.md). A stored position is announced on the mission events'
-- channel ('mission_events', migration 0011) with kind 'position' and each started mission its
-- device's provider holds, the mission only, like the chat (0012) and the odometers (0027): the
-- maps of those missions refetch their teams. NOTIFY is delivered on commit.
CREATE FUNCTION announce_position() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mission_events', json_build_object('kind', 'position', 'mission', m.id)::text)
  FROM tracker_devices d
  JOIN missions m ON m.service_provider_id = d.service_provider_id AND m.status = 'started'
  WHERE d.key = NEW.device_key;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER positions_announce AFTER INSERT ON positions
  FOR EACH ROW EXECUTE FUNCTION announce_position();
--> statement-breakpoint
-- The live arrival estimate without a router: the tenant's road factor and average speed
-- ('Parâmetros da missão'); null takes the default of src/domain/positions/eta.ts.
ALTER TABLE "mission_configs" ADD COLUMN "eta_road_factor" real;
--> statement-breakpoint
ALTER TABLE "mission_configs" ADD COLUMN "eta_average_speed_kmh" integer;
