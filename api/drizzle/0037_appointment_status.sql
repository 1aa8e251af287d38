-- Booking an appointment moves an open folder to « Rendez-vous pris » (issue 21): that status gets a code, like the
-- four of the specification, so the move finds it whatever the garage renames it to (one per company, the first).
UPDATE "folder_statuses" AS s SET "code" = 'appointment'
WHERE s."code" IS NULL AND s."label" = 'Rendez-vous pris'
  AND NOT EXISTS (SELECT 1 FROM "folder_statuses" o WHERE o."company_id" = s."company_id" AND o."code" = 'appointment')
  AND s."id" = (SELECT min(f."id") FROM "folder_statuses" f WHERE f."company_id" = s."company_id" AND f."label" = 'Rendez-vous pris');
