-- The monitoring search (server/missions/monitoringSearch.ts) finds a mission by a piece of its
-- process number (folded, or without its hyphens), of a plate, or of a shipper's or provider's
-- name. Read row by row, every search read the searcher's whole history (two million pages at a
-- million missions: docs/performance/monitoring-poll.md); with trigram indexes on the folded texts,
-- what it reads grows with what it finds. The names come from their small tables as lists of ids,
-- found in the missions by the shipper index below (the provider's already exists).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "missions_process_number_folded_trgm_idx" ON "missions" USING gin ((translate(lower(nullif("process_number", '')), 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿ̧̀́̂̃̈̊', 'aaaaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuuccnnyyy')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "missions_process_number_unmasked_trgm_idx" ON "missions" USING gin ((regexp_replace(lower("process_number"), '[^a-z0-9]', '', 'g')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "mission_vehicles_plate_unmasked_trgm_idx" ON "mission_vehicles" USING gin ((regexp_replace(lower("plate"), '[^a-z0-9]', '', 'g')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "missions_shipper_idx" ON "missions" USING btree ("shipper_id");
