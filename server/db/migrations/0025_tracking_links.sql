-- The shipper's tracking links: a risk manager shares one mission with the shipper's people without
-- a login. Only the SHA-256 of the token is kept (the link is shown once, when created); views are
-- counted on the row. Revoking is announced on 'mission_events' with kind 'tracking' (delivered on
-- commit), so every instance ends the open pages of that link at once.
CREATE TABLE "tracking_links" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"mission_id" char(24) NOT NULL,
	"risk_manager_id" char(24) NOT NULL,
	"hash" text NOT NULL,
	"created_by" char(24),
	"views" integer DEFAULT 0 NOT NULL,
	"last_viewed_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tracking_links" ADD CONSTRAINT "tracking_links_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_links" ADD CONSTRAINT "tracking_links_risk_manager_id_risk_managers_id_fk" FOREIGN KEY ("risk_manager_id") REFERENCES "public"."risk_managers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_links_hash_idx" ON "tracking_links" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "tracking_links_mission_created_idx" ON "tracking_links" USING btree ("mission_id","created_at" DESC);
--> statement-breakpoint
CREATE FUNCTION announce_tracking_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mission_events', json_build_object('kind', 'tracking', 'link', NEW.id)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tracking_links_announce_revoked AFTER UPDATE OF revoked_at ON tracking_links
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL) EXECUTE FUNCTION announce_tracking_revoked();
