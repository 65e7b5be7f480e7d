-- private.invoice_emails (20261202005000_invoice-emails.sql) references an
-- organisation's invoices: name it in the organisation data map (decision 076)
-- so its export carries the billing addresses its documents were mailed to,
-- and its erasure removes them (the invoices themselves stay under legal hold).
insert into private.organisation_data_map (table_name, treatment, row_filter, on_erasure, reason) values
  ('private.invoice_emails', 'exported', 't.invoice_id in (select i.id from public.invoices i where i.organization_id = $1)', 'delete',
   'Its invoices and credit notes e-mailed to its billing address: when, and to which address.');
