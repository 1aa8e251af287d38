ALTER TABLE "message_templates" ADD COLUMN "shared" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "franchises" ADD COLUMN "unit_packs" jsonb;