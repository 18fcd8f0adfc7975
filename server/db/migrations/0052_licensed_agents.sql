-- Licensed agents only (docs/rules/agents.md): each provider's roster of security agents (CPF once
-- per provider), its Polícia Federal authorisation, the roster agent a mission's agent was picked
-- from with his CNV as it was that day, and the expiry warnings already e-mailed (once each).
CREATE TABLE "roster_agents" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"service_provider_id" char(24) NOT NULL,
	"name" text NOT NULL,
	"cpf" text NOT NULL,
	"cnv_number" text NOT NULL,
	"cnv_valid_until" date NOT NULL,
	"refresher_on" date,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "roster_agents" ADD CONSTRAINT "roster_agents_service_provider_id_service_providers_id_fk" FOREIGN KEY ("service_provider_id") REFERENCES "public"."service_providers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "roster_agents_provider_cpf_idx" ON "roster_agents" USING btree ("service_provider_id","cpf");
--> statement-breakpoint
CREATE INDEX "roster_agents_cnv_valid_until_idx" ON "roster_agents" USING btree ("cnv_valid_until");
--> statement-breakpoint
CREATE TABLE "expiry_warnings" (
	"document" text NOT NULL,
	"valid_until" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "expiry_warnings_document_idx" ON "expiry_warnings" USING btree ("document","valid_until");
--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "pf_authorization_number" text;
--> statement-breakpoint
ALTER TABLE "service_providers" ADD COLUMN "pf_authorization_valid_until" date;
--> statement-breakpoint
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_pf_authorization_check" CHECK (("service_providers"."pf_authorization_number" is null) = ("service_providers"."pf_authorization_valid_until" is null));
--> statement-breakpoint
ALTER TABLE "mission_agents" ADD COLUMN "roster_agent_id" char(24);
--> statement-breakpoint
ALTER TABLE "mission_agents" ADD COLUMN "cpf" text;
--> statement-breakpoint
ALTER TABLE "mission_agents" ADD COLUMN "cnv_number" text;
--> statement-breakpoint
ALTER TABLE "mission_agents" ADD COLUMN "cnv_valid_until" date;
--> statement-breakpoint
ALTER TABLE "mission_agents" ADD CONSTRAINT "mission_agents_roster_agent_id_roster_agents_id_fk" FOREIGN KEY ("roster_agent_id") REFERENCES "public"."roster_agents"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "mission_agents_roster_agent_idx" ON "mission_agents" USING btree ("roster_agent_id");
