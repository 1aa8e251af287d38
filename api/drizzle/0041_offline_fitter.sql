-- The fitter's app offline (issue 22): a step carries several photos (each a folder document naming its step, instead
-- of the step naming one document); a paper signed offline carries the phone's idempotency key, so a resend after a
-- lost answer is recognised instead of added twice.
ALTER TABLE "folder_task_steps" DROP CONSTRAINT "folder_task_steps_document_id_folder_documents_id_fk";
--> statement-breakpoint
ALTER TABLE "folder_documents" ADD COLUMN "fitter_step_id" integer;--> statement-breakpoint
ALTER TABLE "folder_documents" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "folder_documents" ADD CONSTRAINT "folder_documents_fitter_step_id_folder_task_steps_id_fk" FOREIGN KEY ("fitter_step_id") REFERENCES "public"."folder_task_steps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "folder_documents_step_idx" ON "folder_documents" USING btree ("fitter_step_id") WHERE "folder_documents"."fitter_step_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "folder_documents_key_idx" ON "folder_documents" USING btree ("company_id","idempotency_key") WHERE "folder_documents"."idempotency_key" is not null;--> statement-breakpoint
UPDATE "folder_documents" SET "fitter_step_id" = "folder_task_steps"."id" FROM "folder_task_steps" WHERE "folder_task_steps"."document_id" = "folder_documents"."id";--> statement-breakpoint
ALTER TABLE "folder_task_steps" DROP COLUMN "document_id";