-- The access keys of a mission's cargo documents (docs/rules/fiscal-documents.md): one row per key,
-- in the order they were typed, and an index on the key alone so that the missions search finds a
-- mission by its key with one index read instead of scanning lists.
CREATE TABLE "mission_fiscal_keys" (
	"mission_id" char(24) NOT NULL,
	"kind" text NOT NULL,
	"key" char(44) NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "mission_fiscal_keys_mission_id_kind_key_pk" PRIMARY KEY("mission_id","kind","key"),
	CONSTRAINT "mission_fiscal_keys_kind_check" CHECK ("mission_fiscal_keys"."kind" in ('nfe', 'cte', 'mdfe'))
);
--> statement-breakpoint
ALTER TABLE "mission_fiscal_keys" ADD CONSTRAINT "mission_fiscal_keys_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mission_fiscal_keys_key_idx" ON "mission_fiscal_keys" USING btree ("key");
