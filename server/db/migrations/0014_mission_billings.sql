CREATE TABLE "mission_billings" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"mission_id" char(24) NOT NULL,
	"risk_manager_id" char(24) NOT NULL,
	"type" text NOT NULL,
	"company_id" char(24) NOT NULL,
	"mission_created_at" timestamp with time zone NOT NULL,
	"franchise_plan_id" char(24),
	"status" text DEFAULT 'created' NOT NULL,
	"toll_cents" integer DEFAULT 0 NOT NULL,
	"expenses_cents" integer DEFAULT 0 NOT NULL,
	"additions_cents" integer DEFAULT 0 NOT NULL,
	"discounts_cents" integer DEFAULT 0 NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"plan_toll_cents" integer DEFAULT 0 NOT NULL,
	"time_usage_minutes" integer DEFAULT 0 NOT NULL,
	"time_limit_minutes" integer DEFAULT 0 NOT NULL,
	"time_overage_minutes" integer DEFAULT 0 NOT NULL,
	"time_overage_cents" integer DEFAULT 0 NOT NULL,
	"distance_usage_metres" integer DEFAULT 0 NOT NULL,
	"distance_limit_metres" integer DEFAULT 0 NOT NULL,
	"distance_overage_metres" integer DEFAULT 0 NOT NULL,
	"distance_overage_cents" integer DEFAULT 0 NOT NULL,
	"start_distance_metres" integer,
	"end_distance_metres" integer,
	"window_start" timestamp with time zone,
	"window_end" timestamp with time zone,
	"final_cost_cents" integer DEFAULT 0 NOT NULL,
	"billed_at" timestamp with time zone,
	"billed_by" char(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mission_billings_type_check" CHECK ("mission_billings"."type" in ('shipper', 'serviceProvider')),
	CONSTRAINT "mission_billings_status_check" CHECK ("mission_billings"."status" in ('created', 'priced', 'billed')),
	CONSTRAINT "mission_billings_money_check" CHECK ("mission_billings"."toll_cents" >= 0 and "mission_billings"."expenses_cents" >= 0 and "mission_billings"."additions_cents" >= 0 and "mission_billings"."discounts_cents" >= 0
        and "mission_billings"."final_cost_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "mission_billings" ADD CONSTRAINT "mission_billings_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_billings" ADD CONSTRAINT "mission_billings_risk_manager_id_risk_managers_id_fk" FOREIGN KEY ("risk_manager_id") REFERENCES "public"."risk_managers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_billings" ADD CONSTRAINT "mission_billings_franchise_plan_id_franchise_plans_id_fk" FOREIGN KEY ("franchise_plan_id") REFERENCES "public"."franchise_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_billings" ADD CONSTRAINT "mission_billings_billed_by_users_id_fk" FOREIGN KEY ("billed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mission_billings_mission_type_unique" ON "mission_billings" USING btree ("mission_id","type");--> statement-breakpoint
CREATE INDEX "mission_billings_report_idx" ON "mission_billings" USING btree ("risk_manager_id","type","mission_created_at");--> statement-breakpoint
CREATE INDEX "mission_billings_company_idx" ON "mission_billings" USING btree ("type","company_id","mission_created_at");