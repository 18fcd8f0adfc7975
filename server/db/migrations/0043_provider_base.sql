-- A provider's base (docs/rules/catalogues.md): the address its teams usually leave from, with its
-- coordinates, which prefills its proposals and from which their distance and time are proposed.
-- Optional, but whole or absent: the proposal it prefills needs every part.
ALTER TABLE "service_providers" ADD COLUMN "base_zipcode" text;
--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "base_address" text;
--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "base_number" text;
--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "base_neighborhood" text;
--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "base_city" text;
--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "base_state" text;
--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "base_latitude" double precision;
--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "base_longitude" double precision;
--> statement-breakpoint
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_base_check" CHECK (num_nulls("base_zipcode", "base_address", "base_number", "base_neighborhood", "base_city", "base_state", "base_latitude", "base_longitude") in (0, 8));
