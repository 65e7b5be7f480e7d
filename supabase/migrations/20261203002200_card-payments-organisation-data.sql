-- The card payment tables (20261203002100_card-payments.sql) reference an
-- organisation's invoices: name them in the organisation data map (decision
-- 076) so an export carries them and an erasure knows what to do with them.
--
-- * payment_attempts: how its administrators tried to pay by card (amounts,
--   the card's decline reason). Exported; deleted on erasure, since the money
--   that came in is kept in payments under legal hold.
-- * card_refunds: refunds of its card payments with the credit note each made,
--   accounting records like payment_refunds: kept under legal hold.
-- private.provider_events holds no foreign key to an organisation (an event
-- may name an invoice that does not exist) and is not in the map.
insert into private.organisation_data_map (table_name, treatment, row_filter, on_erasure, reason) values
  ('public.payment_attempts', 'exported', 't.organization_id = $1', 'delete',
   'Its card payment attempts: amount, outcome and the card''s decline reason. The payments themselves are kept with its invoices.'),
  ('public.card_refunds', 'exported', 't.invoice_id in (select i.id from public.invoices i where i.organization_id = $1)', 'legal_hold',
   'Refunds of its card payments and the credit notes they made: accounting records.');
