-- Notifications that ring with the app closed (docs/rules/notifications.md, docs/operations/notifications.md).
-- push_subscriptions: each device a user turned them on for (the browser's PushSubscription) and
-- the kinds it chose. push_outbox: every mission event and chat message written while any device
-- is subscribed, put there by trigger in the writer's own transaction, so none is lost whatever
-- the instances were doing at the time; an instance takes a batch (FOR UPDATE SKIP LOCKED), writes
-- one push_deliveries row per device that may hear it and deletes the batch in one transaction.
-- push_deliveries: the sent-log, one row per (event, device), claimed before sending, so two
-- instances never send the same one.
CREATE TABLE "push_subscriptions" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"user_id" char(24) NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"label" text NOT NULL,
	"kinds" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_idx" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE TABLE "push_outbox" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_deliveries" (
	"event_id" char(24) NOT NULL,
	"subscription_id" char(24) NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_deliveries_pk" PRIMARY KEY ("event_id", "subscription_id")
);
--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_subscription_id_push_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."push_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_deliveries_due_idx" ON "push_deliveries" USING btree ("next_attempt_at") WHERE "sent_at" IS NULL AND "failed_at" IS NULL;--> statement-breakpoint
CREATE FUNCTION push_outbox_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Without a subscribed device nothing can ring: the writers pay for nothing.
  IF EXISTS (SELECT 1 FROM push_subscriptions) THEN
    INSERT INTO push_outbox (id, source) VALUES (NEW.id, TG_ARGV[0]) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER mission_events_push AFTER INSERT ON mission_events
  FOR EACH ROW EXECUTE FUNCTION push_outbox_add('event');
--> statement-breakpoint
CREATE TRIGGER mission_messages_push AFTER INSERT ON mission_messages
  FOR EACH ROW EXECUTE FUNCTION push_outbox_add('message');
