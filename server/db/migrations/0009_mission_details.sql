CREATE TABLE "mission_agents" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"mission_id" char(24) NOT NULL,
	"name" text NOT NULL,
	"odometer" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mission_attachments" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"mission_id" char(24) NOT NULL,
	"description" text NOT NULL,
	"file" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mission_messages" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"mission_id" char(24) NOT NULL,
	"sender_user_id" char(24),
	"sender_name" text NOT NULL,
	"sender_role" text NOT NULL,
	"chat_type" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"file" text,
	"mime" text,
	"size" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mission_occurrences" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"mission_id" char(24) NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"type" text NOT NULL,
	"description" text NOT NULL,
	"zipcode" text,
	"neighborhood" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"address" text,
	"number" text,
	"complement" text,
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mission_vehicles" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"mission_id" char(24) NOT NULL,
	"driver" text NOT NULL,
	"driver_pin" text,
	"type" text NOT NULL,
	"plate" text NOT NULL,
	"chassis" text,
	"make" text,
	"model" text,
	"year" integer,
	"color" text,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mission_agents" ADD CONSTRAINT "mission_agents_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_attachments" ADD CONSTRAINT "mission_attachments_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_messages" ADD CONSTRAINT "mission_messages_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_messages" ADD CONSTRAINT "mission_messages_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_occurrences" ADD CONSTRAINT "mission_occurrences_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_vehicles" ADD CONSTRAINT "mission_vehicles_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mission_agents_item_idx" ON "mission_agents" USING btree ("mission_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mission_attachments_item_idx" ON "mission_attachments" USING btree ("mission_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mission_attachments_file_idx" ON "mission_attachments" USING btree ("file");--> statement-breakpoint
CREATE INDEX "mission_messages_mission_created_idx" ON "mission_messages" USING btree ("mission_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "mission_messages_file_idx" ON "mission_messages" USING btree ("file") WHERE "mission_messages"."file" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "mission_occurrences_item_idx" ON "mission_occurrences" USING btree ("mission_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mission_vehicles_item_idx" ON "mission_vehicles" USING btree ("mission_id","created_at");