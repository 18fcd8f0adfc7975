-- LGPD (docs/rules/privacy.md). mission_events: the canonical form's version (1 for every event
-- written before: their chains keep verifying as they were) and, in form 2, the HMAC of the event's
-- personal values, which sit in mission_event_personal with their key so an anonymisation can erase
-- both without touching the append-only event.
ALTER TABLE "mission_events" ADD COLUMN "chain_version" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "mission_events" ADD COLUMN "personal_digest" text;--> statement-breakpoint
CREATE TABLE "mission_event_personal" (
	"event_id" char(24) PRIMARY KEY NOT NULL,
	"mission_id" char(24) NOT NULL,
	"key" text,
	"values" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mission_event_personal" ADD CONSTRAINT "mission_event_personal_event_id_mission_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."mission_events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_event_personal" ADD CONSTRAINT "mission_event_personal_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mission_event_personal_mission_idx" ON "mission_event_personal" USING btree ("mission_id");--> statement-breakpoint
CREATE TABLE "privacy_settings" (
	"risk_manager_id" char(24) PRIMARY KEY NOT NULL,
	"position_days" integer NOT NULL,
	"mission_people_years" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "privacy_settings" ADD CONSTRAINT "privacy_settings_risk_manager_id_risk_managers_id_fk" FOREIGN KEY ("risk_manager_id") REFERENCES "public"."risk_managers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "privacy_requests" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"risk_manager_id" char(24) NOT NULL,
	"kind" text NOT NULL,
	"requester_name" text NOT NULL,
	"channel" text NOT NULL,
	"received_on" date NOT NULL,
	"subject" text NOT NULL,
	"recorded_by" char(24),
	"recorded_by_name" text NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privacy_requests_kind" CHECK ("kind" in ('access', 'anonymisation'))
);
--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_risk_manager_id_risk_managers_id_fk" FOREIGN KEY ("risk_manager_id") REFERENCES "public"."risk_managers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "privacy_requests_tenant_idx" ON "privacy_requests" USING btree ("risk_manager_id","received_on");--> statement-breakpoint
CREATE TABLE "privacy_incidents" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"risk_manager_id" char(24),
	"occurred_on" date NOT NULL,
	"nature" text NOT NULL,
	"data_categories" text NOT NULL,
	"people_affected" integer NOT NULL,
	"measures" text NOT NULL,
	"anpd_notified_on" date,
	"subjects_notified_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "privacy_incidents" ADD CONSTRAINT "privacy_incidents_risk_manager_id_risk_managers_id_fk" FOREIGN KEY ("risk_manager_id") REFERENCES "public"."risk_managers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "privacy_incidents_tenant_idx" ON "privacy_incidents" USING btree ("risk_manager_id","occurred_on");--> statement-breakpoint
-- The register is kept at least five years (ANPD Res. 15/2024): whatever asks, an earlier delete is refused.
CREATE OR REPLACE FUNCTION refuse_early_incident_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.created_at > now() - interval '5 years' THEN
    RAISE EXCEPTION 'privacy_incidents are kept five years' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "privacy_incidents_kept" BEFORE DELETE ON "privacy_incidents" FOR EACH ROW EXECUTE FUNCTION refuse_early_incident_delete();--> statement-breakpoint
CREATE TABLE "privacy_retention_runs" (
	"day" date PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL
);
