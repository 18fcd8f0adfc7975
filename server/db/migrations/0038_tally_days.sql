-- A monitoring total filtered by dates sums the day tallies of the days inside the filter
-- (server/missions/monitoringTotal.ts). Their key starts with the holder and the status, so the sum
-- read every day of the tenant's history to keep the filter's days: 17,000 rows at a million
-- missions, growing with each day of operation. These read just the filter's days: a tenant's (its
-- provider users' too, the provider being the third column) and, for platform admins, every tenant's.
CREATE INDEX "mission_tallies_risk_manager_day_idx" ON "mission_tallies" USING btree ("risk_manager_id", "day", "service_provider_id");
--> statement-breakpoint
CREATE INDEX "mission_tallies_day_idx" ON "mission_tallies" USING btree ("day");
