-- Rows created before names were unique may repeat a name: all but the oldest get their id
-- appended, so the indexes can be built and the repeats stay visible for someone to tidy up.
UPDATE "service_providers" SET "name" = "name" || ' (' || "id" || ')' WHERE "id" IN (
  SELECT "id" FROM (SELECT "id", row_number() OVER (PARTITION BY "risk_manager_id", lower(regexp_replace(btrim("name"), '[[:space:]]+', ' ', 'g')) ORDER BY "created_at", "id") AS n FROM "service_providers") d WHERE n > 1
);--> statement-breakpoint
UPDATE "carriers" SET "name" = "name" || ' (' || "id" || ')' WHERE "id" IN (
  SELECT "id" FROM (SELECT "id", row_number() OVER (PARTITION BY "risk_manager_id", lower(regexp_replace(btrim("name"), '[[:space:]]+', ' ', 'g')) ORDER BY "created_at", "id") AS n FROM "carriers") d WHERE n > 1
);--> statement-breakpoint
UPDATE "causes" SET "name" = "name" || ' (' || "id" || ')' WHERE "id" IN (
  SELECT "id" FROM (SELECT "id", row_number() OVER (PARTITION BY "risk_manager_id", lower(regexp_replace(btrim("name"), '[[:space:]]+', ' ', 'g')) ORDER BY "created_at", "id") AS n FROM "causes") d WHERE n > 1
);--> statement-breakpoint
UPDATE "cities" SET "name" = "name" || ' (' || "id" || ')' WHERE "id" IN (
  SELECT "id" FROM (SELECT "id", row_number() OVER (PARTITION BY "state_id", lower(regexp_replace(btrim("name"), '[[:space:]]+', ' ', 'g')) ORDER BY "created_at", "id") AS n FROM "cities") d WHERE n > 1
);--> statement-breakpoint
UPDATE "leaderships" SET "name" = "name" || ' (' || "id" || ')' WHERE "id" IN (
  SELECT "id" FROM (SELECT "id", row_number() OVER (PARTITION BY "risk_manager_id", lower(regexp_replace(btrim("name"), '[[:space:]]+', ' ', 'g')) ORDER BY "created_at", "id") AS n FROM "leaderships") d WHERE n > 1
);--> statement-breakpoint
UPDATE "places" SET "name" = "name" || ' (' || "id" || ')' WHERE "id" IN (
  SELECT "id" FROM (SELECT "id", row_number() OVER (PARTITION BY "risk_manager_id", lower(regexp_replace(btrim("name"), '[[:space:]]+', ' ', 'g')) ORDER BY "created_at", "id") AS n FROM "places") d WHERE n > 1
);--> statement-breakpoint
UPDATE "requesters" SET "name" = "name" || ' (' || "id" || ')' WHERE "id" IN (
  SELECT "id" FROM (SELECT "id", row_number() OVER (PARTITION BY "risk_manager_id", lower(regexp_replace(btrim("name"), '[[:space:]]+', ' ', 'g')) ORDER BY "created_at", "id") AS n FROM "requesters") d WHERE n > 1
);--> statement-breakpoint
UPDATE "shippers" SET "name" = "name" || ' (' || "id" || ')' WHERE "id" IN (
  SELECT "id" FROM (SELECT "id", row_number() OVER (PARTITION BY "risk_manager_id", lower(regexp_replace(btrim("name"), '[[:space:]]+', ' ', 'g')) ORDER BY "created_at", "id") AS n FROM "shippers") d WHERE n > 1
);--> statement-breakpoint
UPDATE "states" SET "name" = "name" || ' (' || "id" || ')' WHERE "id" IN (
  SELECT "id" FROM (SELECT "id", row_number() OVER (PARTITION BY lower(regexp_replace(btrim("name"), '[[:space:]]+', ' ', 'g')) ORDER BY "created_at", "id") AS n FROM "states") d WHERE n > 1
);--> statement-breakpoint
UPDATE "franchises" SET "name" = "name" || ' (' || "id" || ')' WHERE "id" IN (
  SELECT "id" FROM (SELECT "id", row_number() OVER (PARTITION BY "risk_manager_id", lower(regexp_replace(btrim("name"), '[[:space:]]+', ' ', 'g')) ORDER BY "created_at", "id") AS n FROM "franchises") d WHERE n > 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "service_providers_name_unique" ON "service_providers" USING btree ("risk_manager_id",lower(regexp_replace(btrim("name"), '[[:space:]]+', ' ', 'g')));--> statement-breakpoint
CREATE UNIQUE INDEX "carriers_name_unique" ON "carriers" USING btree ("risk_manager_id",lower(regexp_replace(btrim("name"), '[[:space:]]+', ' ', 'g')));--> statement-breakpoint
CREATE UNIQUE INDEX "causes_name_unique" ON "causes" USING btree ("risk_manager_id",lower(regexp_replace(btrim("name"), '[[:space:]]+', ' ', 'g')));--> statement-breakpoint
CREATE UNIQUE INDEX "cities_name_unique" ON "cities" USING btree ("state_id",lower(regexp_replace(btrim("name"), '[[:space:]]+', ' ', 'g')));--> statement-breakpoint
CREATE UNIQUE INDEX "leaderships_name_unique" ON "leaderships" USING btree ("risk_manager_id",lower(regexp_replace(btrim("name"), '[[:space:]]+', ' ', 'g')));--> statement-breakpoint
CREATE UNIQUE INDEX "places_name_unique" ON "places" USING btree ("risk_manager_id",lower(regexp_replace(btrim("name"), '[[:space:]]+', ' ', 'g')));--> statement-breakpoint
CREATE UNIQUE INDEX "requesters_name_unique" ON "requesters" USING btree ("risk_manager_id",lower(regexp_replace(btrim("name"), '[[:space:]]+', ' ', 'g')));--> statement-breakpoint
CREATE UNIQUE INDEX "shippers_name_unique" ON "shippers" USING btree ("risk_manager_id",lower(regexp_replace(btrim("name"), '[[:space:]]+', ' ', 'g')));--> statement-breakpoint
CREATE UNIQUE INDEX "states_name_unique" ON "states" USING btree (lower(regexp_replace(btrim("name"), '[[:space:]]+', ' ', 'g')));--> statement-breakpoint
CREATE UNIQUE INDEX "franchises_name_unique" ON "franchises" USING btree ("risk_manager_id",lower(regexp_replace(btrim("name"), '[[:space:]]+', ' ', 'g')));