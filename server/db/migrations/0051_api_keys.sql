-- API keys (docs/rules/integrations.md): a tenant's keys, the secret kept only as its SHA-256, found
-- by it on every call; revoked rather than deleted. missions.external_reference: the other system's
-- reference of a mission it opened, unique in its tenant.
CREATE TABLE "api_keys" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"risk_manager_id" char(24) NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_risk_manager_id_risk_managers_id_fk" FOREIGN KEY ("risk_manager_id") REFERENCES "public"."risk_managers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_secret_hash_idx" ON "api_keys" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "api_keys_risk_manager_idx" ON "api_keys" USING btree ("risk_manager_id","created_at");--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "external_reference" text;--> statement-breakpoint
CREATE UNIQUE INDEX "missions_risk_manager_external_reference_idx" ON "missions" USING btree ("risk_manager_id","external_reference") WHERE "missions"."external_reference" is not null;
