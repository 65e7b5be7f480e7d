-- Billing notifications (issue 25; docs/decisions/069-billing-model.md).
--
-- Their own migration: a value added to an enum cannot be used in the
-- transaction that adds it, and 20261202000200_billing.sql's functions name
-- these two.
--
-- * invoice_issued: an invoice or credit note was issued to the organisation
--   (or sent again); its administrators are told.
-- * billing_reminder: an invoice is about to fall due, is due, or is 7 or 14
--   days overdue (billing_run queues each once).
alter type public.notification_kind add value if not exists 'invoice_issued';
alter type public.notification_kind add value if not exists 'billing_reminder';
