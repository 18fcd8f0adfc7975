CREATE TABLE "themes" (
	"risk_manager_id" char(24) PRIMARY KEY NOT NULL,
	"font_family" text NOT NULL,
	"font_sizes" jsonb NOT NULL,
	"spacing" integer NOT NULL,
	"radius" integer NOT NULL,
	"colors" jsonb NOT NULL,
	"scrollbar" jsonb NOT NULL,
	"components" jsonb NOT NULL,
	"menu_logo" text,
	"login_logo" text,
	"login_art" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "themes" ADD CONSTRAINT "themes_risk_manager_id_risk_managers_id_fk" FOREIGN KEY ("risk_manager_id") REFERENCES "public"."risk_managers"("id") ON DELETE cascade ON UPDATE no action;