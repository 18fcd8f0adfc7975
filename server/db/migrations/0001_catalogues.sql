CREATE TABLE "carriers" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"risk_manager_id" char(24) NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "causes" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"risk_manager_id" char(24) NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"state_id" char(24) NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leaderships" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"risk_manager_id" char(24) NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mission_configs" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"risk_manager_id" char(24) NOT NULL,
	"required_cause" boolean DEFAULT false NOT NULL,
	"required_carrier" boolean DEFAULT false NOT NULL,
	"required_place" boolean DEFAULT false NOT NULL,
	"required_leadership" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mission_configs_risk_manager_id_unique" UNIQUE("risk_manager_id")
);
--> statement-breakpoint
CREATE TABLE "places" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"risk_manager_id" char(24) NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "requesters" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"risk_manager_id" char(24) NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shippers" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"risk_manager_id" char(24) NOT NULL,
	"name" text NOT NULL,
	"legal_name" text NOT NULL,
	"cnpj" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "states" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "franchise_plans" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"target" text NOT NULL,
	"risk_manager_id" char(24) NOT NULL,
	"shipper_id" char(24),
	"service_provider_id" char(24),
	"franchise_id" char(24),
	"name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"distance_km" integer NOT NULL,
	"interval_type" text NOT NULL,
	"hour_interval_type" text NOT NULL,
	"time" text NOT NULL,
	"charge_type" text NOT NULL,
	"distance_price_cents" integer NOT NULL,
	"hour_price_cents" integer NOT NULL,
	"toll_price_cents" integer DEFAULT 0 NOT NULL,
	"toll_to_charge" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "franchise_plans_parent_check" CHECK (("franchise_plans"."target" = 'shipper' and "franchise_plans"."shipper_id" is not null and "franchise_plans"."service_provider_id" is null)
        or ("franchise_plans"."target" = 'service_provider' and "franchise_plans"."shipper_id" is null and "franchise_plans"."franchise_id" is not null)),
	CONSTRAINT "franchise_plans_money_check" CHECK ("franchise_plans"."price_cents" >= 0 and "franchise_plans"."distance_price_cents" >= 0 and "franchise_plans"."hour_price_cents" >= 0
        and "franchise_plans"."toll_price_cents" >= 0 and "franchise_plans"."distance_km" >= 0)
);
--> statement-breakpoint
CREATE TABLE "franchises" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"risk_manager_id" char(24) NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carriers" ADD CONSTRAINT "carriers_risk_manager_id_risk_managers_id_fk" FOREIGN KEY ("risk_manager_id") REFERENCES "public"."risk_managers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "causes" ADD CONSTRAINT "causes_risk_manager_id_risk_managers_id_fk" FOREIGN KEY ("risk_manager_id") REFERENCES "public"."risk_managers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaderships" ADD CONSTRAINT "leaderships_risk_manager_id_risk_managers_id_fk" FOREIGN KEY ("risk_manager_id") REFERENCES "public"."risk_managers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_configs" ADD CONSTRAINT "mission_configs_risk_manager_id_risk_managers_id_fk" FOREIGN KEY ("risk_manager_id") REFERENCES "public"."risk_managers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_risk_manager_id_risk_managers_id_fk" FOREIGN KEY ("risk_manager_id") REFERENCES "public"."risk_managers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requesters" ADD CONSTRAINT "requesters_risk_manager_id_risk_managers_id_fk" FOREIGN KEY ("risk_manager_id") REFERENCES "public"."risk_managers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shippers" ADD CONSTRAINT "shippers_risk_manager_id_risk_managers_id_fk" FOREIGN KEY ("risk_manager_id") REFERENCES "public"."risk_managers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "franchise_plans" ADD CONSTRAINT "franchise_plans_risk_manager_id_risk_managers_id_fk" FOREIGN KEY ("risk_manager_id") REFERENCES "public"."risk_managers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "franchise_plans" ADD CONSTRAINT "franchise_plans_shipper_id_shippers_id_fk" FOREIGN KEY ("shipper_id") REFERENCES "public"."shippers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "franchise_plans" ADD CONSTRAINT "franchise_plans_service_provider_id_service_providers_id_fk" FOREIGN KEY ("service_provider_id") REFERENCES "public"."service_providers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "franchise_plans" ADD CONSTRAINT "franchise_plans_franchise_id_franchises_id_fk" FOREIGN KEY ("franchise_id") REFERENCES "public"."franchises"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "franchises" ADD CONSTRAINT "franchises_risk_manager_id_risk_managers_id_fk" FOREIGN KEY ("risk_manager_id") REFERENCES "public"."risk_managers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carriers_risk_manager_name_idx" ON "carriers" USING btree ("risk_manager_id","name");--> statement-breakpoint
CREATE INDEX "causes_risk_manager_name_idx" ON "causes" USING btree ("risk_manager_id","name");--> statement-breakpoint
CREATE INDEX "cities_name_idx" ON "cities" USING btree ("name");--> statement-breakpoint
CREATE INDEX "cities_state_idx" ON "cities" USING btree ("state_id");--> statement-breakpoint
CREATE INDEX "leaderships_risk_manager_name_idx" ON "leaderships" USING btree ("risk_manager_id","name");--> statement-breakpoint
CREATE INDEX "places_risk_manager_name_idx" ON "places" USING btree ("risk_manager_id","name");--> statement-breakpoint
CREATE INDEX "requesters_risk_manager_name_idx" ON "requesters" USING btree ("risk_manager_id","name");--> statement-breakpoint
CREATE INDEX "shippers_risk_manager_name_idx" ON "shippers" USING btree ("risk_manager_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "shippers_risk_manager_cnpj_idx" ON "shippers" USING btree ("risk_manager_id","cnpj");--> statement-breakpoint
CREATE INDEX "states_name_idx" ON "states" USING btree ("name");--> statement-breakpoint
CREATE INDEX "franchise_plans_shipper_idx" ON "franchise_plans" USING btree ("shipper_id");--> statement-breakpoint
CREATE INDEX "franchise_plans_service_provider_idx" ON "franchise_plans" USING btree ("service_provider_id");--> statement-breakpoint
CREATE INDEX "franchise_plans_franchise_idx" ON "franchise_plans" USING btree ("franchise_id");--> statement-breakpoint
CREATE INDEX "franchise_plans_risk_manager_idx" ON "franchise_plans" USING btree ("risk_manager_id");--> statement-breakpoint
CREATE INDEX "franchises_risk_manager_name_idx" ON "franchises" USING btree ("risk_manager_id","name");