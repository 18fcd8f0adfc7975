-- Where the team is (docs/rules/positions.md). tracker_devices: a provider's phones running Traccar
-- Client (or any OsmAnd device); the identifier is the credential, revoked rather than deleted.
-- positions: one compact row per stored fix, a BRIN on the fix time for time ranges and the
-- retention's delete, a btree per device and time for a device's latest fixes.
CREATE TABLE "tracker_devices" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"key" integer GENERATED ALWAYS AS IDENTITY NOT NULL,
	"service_provider_id" char(24) NOT NULL,
	"name" text NOT NULL,
	"agent" text,
	"identifier" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "tracker_devices" ADD CONSTRAINT "tracker_devices_service_provider_id_service_providers_id_fk" FOREIGN KEY ("service_provider_id") REFERENCES "public"."service_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tracker_devices_identifier_idx" ON "tracker_devices" USING btree ("identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "tracker_devices_key_idx" ON "tracker_devices" USING btree ("key");--> statement-breakpoint
CREATE INDEX "tracker_devices_service_provider_idx" ON "tracker_devices" USING btree ("service_provider_id","created_at");--> statement-breakpoint
CREATE TABLE "positions" (
	"device_key" integer NOT NULL,
	"fixed_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lat_e7" integer NOT NULL,
	"lon_e7" integer NOT NULL,
	"speed_kmh" real,
	"bearing" real,
	"altitude" real,
	"accuracy" real,
	"battery" smallint,
	CONSTRAINT "positions_lat_range" CHECK ("lat_e7" between -900000000 and 900000000),
	CONSTRAINT "positions_lon_range" CHECK ("lon_e7" between -1800000000 and 1800000000)
);
--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_device_key_tracker_devices_key_fk" FOREIGN KEY ("device_key") REFERENCES "public"."tracker_devices"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "positions_fixed_at_brin" ON "positions" USING brin ("fixed_at");--> statement-breakpoint
CREATE INDEX "positions_device_fixed_idx" ON "positions" USING btree ("device_key","fixed_at");
