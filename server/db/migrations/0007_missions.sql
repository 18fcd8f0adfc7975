CREATE TABLE "mission_events" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "mission_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"mission_id" char(24) NOT NULL,
	"actor_user_id" char(24),
	"actor_name" text NOT NULL,
	"role_type" text NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"service_provider_id" char(24),
	"service_provider_name" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mission_versions" (
	"risk_manager_id" char(24) PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "missions" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"risk_manager_id" char(24) NOT NULL,
	"process_number" text,
	"shipper_id" char(24) NOT NULL,
	"franchise_plan_id" char(24) NOT NULL,
	"requester_id" char(24) NOT NULL,
	"cause_id" char(24),
	"carrier_id" char(24),
	"place_id" char(24),
	"leadership_id" char(24),
	"zipcode" text,
	"address" text,
	"number" text,
	"neighborhood" text,
	"city" text,
	"state" text,
	"latitude" double precision,
	"longitude" double precision,
	"status" text DEFAULT 'open' NOT NULL,
	"status_weight" integer GENERATED ALWAYS AS ((case status when 'open' then 0 when 'started' then 1 when 'billed_shipper' then 1
  when 'billed_provider' then 1 when 'billed' then 1 when 'finished' then 2 when 'canceled' then 5 else 9 end)) STORED,
	"service_provider_id" char(24),
	"finishing_asked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proposals" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"mission_id" char(24) NOT NULL,
	"risk_manager_id" char(24) NOT NULL,
	"service_provider_id" char(24) NOT NULL,
	"status" text NOT NULL,
	"mission_created_at" timestamp with time zone NOT NULL,
	"eta_time" text,
	"eta_distance_km" double precision,
	"zipcode" text,
	"address" text,
	"number" text,
	"neighborhood" text,
	"city" text,
	"state" text,
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mission_events" ADD CONSTRAINT "mission_events_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_events" ADD CONSTRAINT "mission_events_service_provider_id_service_providers_id_fk" FOREIGN KEY ("service_provider_id") REFERENCES "public"."service_providers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_versions" ADD CONSTRAINT "mission_versions_risk_manager_id_risk_managers_id_fk" FOREIGN KEY ("risk_manager_id") REFERENCES "public"."risk_managers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_risk_manager_id_risk_managers_id_fk" FOREIGN KEY ("risk_manager_id") REFERENCES "public"."risk_managers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_shipper_id_shippers_id_fk" FOREIGN KEY ("shipper_id") REFERENCES "public"."shippers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_franchise_plan_id_franchise_plans_id_fk" FOREIGN KEY ("franchise_plan_id") REFERENCES "public"."franchise_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_requester_id_requesters_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."requesters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_cause_id_causes_id_fk" FOREIGN KEY ("cause_id") REFERENCES "public"."causes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_leadership_id_leaderships_id_fk" FOREIGN KEY ("leadership_id") REFERENCES "public"."leaderships"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_service_provider_id_service_providers_id_fk" FOREIGN KEY ("service_provider_id") REFERENCES "public"."service_providers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_risk_manager_id_risk_managers_id_fk" FOREIGN KEY ("risk_manager_id") REFERENCES "public"."risk_managers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_service_provider_id_service_providers_id_fk" FOREIGN KEY ("service_provider_id") REFERENCES "public"."service_providers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mission_events_mission_seq_idx" ON "mission_events" USING btree ("mission_id","seq");--> statement-breakpoint
CREATE INDEX "missions_risk_manager_weight_created_idx" ON "missions" USING btree ("risk_manager_id","status_weight","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "missions_risk_manager_status_created_idx" ON "missions" USING btree ("risk_manager_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "missions_service_provider_weight_created_idx" ON "missions" USING btree ("service_provider_id","status_weight","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "missions_weight_created_idx" ON "missions" USING btree ("status_weight","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_mission_provider_idx" ON "proposals" USING btree ("mission_id","service_provider_id");--> statement-breakpoint
CREATE INDEX "proposals_provider_status_created_idx" ON "proposals" USING btree ("service_provider_id","status","mission_created_at" DESC NULLS LAST,"mission_id" DESC NULLS LAST);