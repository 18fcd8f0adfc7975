-- SOS and check-in (docs/rules/alarms.md). mission_configs: the tenant's emergency phone (the team's
-- SMS fallback), the addresses an unacknowledged SOS is e-mailed to, after how many minutes, and the
-- minutes without position or action that raise 'Equipe sem sinal' (null: off). mission_alarms: one
-- row per alarm, at most one open (not acknowledged) per mission and kind whatever raced to raise it.
ALTER TABLE "mission_configs" ADD COLUMN "alarms_phone" text;--> statement-breakpoint
ALTER TABLE "mission_configs" ADD COLUMN "alarms_emails" text;--> statement-breakpoint
ALTER TABLE "mission_configs" ADD COLUMN "alarms_escalate_minutes" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "mission_configs" ADD COLUMN "alarms_silence_minutes" integer;--> statement-breakpoint
CREATE TABLE "mission_alarms" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"mission_id" char(24) NOT NULL,
	"kind" text NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"raised_by_user_id" char(24),
	"raised_by_name" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"silence_minutes" integer,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by_user_id" char(24),
	"acknowledged_by_name" text,
	"escalated_at" timestamp with time zone,
	CONSTRAINT "mission_alarms_kind" CHECK ("kind" in ('sos', 'silence'))
);
--> statement-breakpoint
ALTER TABLE "mission_alarms" ADD CONSTRAINT "mission_alarms_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mission_alarms_open_idx" ON "mission_alarms" USING btree ("mission_id","kind") WHERE "acknowledged_at" IS NULL;--> statement-breakpoint
CREATE INDEX "mission_alarms_mission_idx" ON "mission_alarms" USING btree ("mission_id","raised_at");--> statement-breakpoint
CREATE INDEX "mission_alarms_unescalated_idx" ON "mission_alarms" USING btree ("raised_at") WHERE "acknowledged_at" IS NULL AND "escalated_at" IS NULL;
