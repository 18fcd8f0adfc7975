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