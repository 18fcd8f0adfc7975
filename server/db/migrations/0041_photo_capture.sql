-- A photo attached in the field keeps when it was taken and where the phone was
-- (docs/rules/field-app.md, "Fotos do local"): both optional, as a PDF or a picture from the
-- gallery has neither; the position is both coordinates or none.
ALTER TABLE "mission_attachments" ADD COLUMN "captured_at" timestamp (3) with time zone;
--> statement-breakpoint
ALTER TABLE "mission_attachments" ADD COLUMN "latitude" double precision;
--> statement-breakpoint
ALTER TABLE "mission_attachments" ADD COLUMN "longitude" double precision;
--> statement-breakpoint
ALTER TABLE "mission_attachments" ADD CONSTRAINT "mission_attachments_position_check" CHECK (("latitude" IS NULL) = ("longitude" IS NULL));
