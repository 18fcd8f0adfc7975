-- Webhooks of a risk manager (docs/rules/webhooks.md). webhook_endpoints: where the tenant's events
-- go, the secret that signs them (and the previous one, valid 24 h after a rotation), and why the
-- server turned one off. webhook_messages: the outbox, one row per endpoint and event written in the
-- transaction of the change; its id is the webhook-id of every attempt. webhook_attempts: the log.
CREATE TABLE "webhook_endpoints" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"risk_manager_id" char(24) NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"secret" text NOT NULL,
	"previous_secret" text,
	"previous_secret_until" timestamp with time zone,
	"disabled_reason" text,
	"disabled_at" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_endpoints_disabled_reason" CHECK ("disabled_reason" in ('gone', 'failing'))
);
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_risk_manager_id_risk_managers_id_fk" FOREIGN KEY ("risk_manager_id") REFERENCES "public"."risk_managers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_endpoints_tenant_idx" ON "webhook_endpoints" USING btree ("risk_manager_id");--> statement-breakpoint
CREATE TABLE "webhook_messages" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"endpoint_id" char(24) NOT NULL,
	"event" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"claimed_until" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_messages_state" CHECK ("state" in ('pending', 'delivered', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "webhook_messages" ADD CONSTRAINT "webhook_messages_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_messages_due_idx" ON "webhook_messages" USING btree ("next_attempt_at") WHERE "state" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_messages_endpoint_idx" ON "webhook_messages" USING btree ("endpoint_id","created_at");--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"message_id" char(24) NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"status" integer,
	"duration_ms" integer NOT NULL,
	"response" text,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_message_id_webhook_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."webhook_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_attempts_message_idx" ON "webhook_attempts" USING btree ("message_id","at");
