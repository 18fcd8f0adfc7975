-- A provider's list sorts the missions it holds by the status it sees (src/domain/missions/competition.ts):
-- the shipper's side billed still reads 'finished', so the position of a row says nothing of the
-- risk manager's billing. The held-missions index follows that weight.
DROP INDEX "missions_service_provider_weight_created_idx";--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "holder_weight" integer GENERATED ALWAYS AS ((case status when 'open' then 0 when 'started' then 1 when 'billed_shipper' then 2
  when 'billed_provider' then 1 when 'billed' then 1 when 'finished' then 2 when 'canceled' then 5 else 9 end)) STORED;--> statement-breakpoint
CREATE INDEX "missions_service_provider_holder_weight_created_idx" ON "missions" USING btree ("service_provider_id","holder_weight","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
