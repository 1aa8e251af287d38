-- SMS that leave (issue 22): an SMS names its folder and purpose, counts its parts, keeps the provider's id; a number
-- that replied STOP is never texted again; an SMS template may be the garage's automatic confirmation, reminder or
-- « véhicule prêt ».
CREATE TABLE "sms_opt_outs" (
	"phone" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reply" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_templates" ADD COLUMN "purpose" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "folder_id" integer;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "purpose" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "segments" integer;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_company_purpose_idx" ON "message_templates" USING btree ("company_id","purpose") WHERE "message_templates"."purpose" is not null;--> statement-breakpoint
CREATE INDEX "outbox_sms_pending_idx" ON "outbox" USING btree ("created_at","id") WHERE "outbox"."channel" = 'sms' and "outbox"."sent_at" is null and "outbox"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_folder_idx" ON "outbox" USING btree ("folder_id","created_at") WHERE "outbox"."folder_id" is not null;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_purpose_check" CHECK ("message_templates"."purpose" is null or ("message_templates"."type" = 'sms' and "message_templates"."purpose" in ('appointment_confirmation', 'appointment_reminder', 'vehicle_ready')));--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_cancel_reason_check" CHECK ("outbox"."cancel_reason" is null or "outbox"."cancel_reason" in ('opt_out', 'appointment_changed', 'invalid_number'));