-- Card payment receipts (issue 26; docs/decisions/078-payment-provider.md).
--
-- Its own migration: a value added to an enum cannot be used in the
-- transaction that adds it, and 20261203002100_card-payments.sql names it.
--
-- * payment_received: a card payment settled an invoice; the organisation's
--   administrators get the receipt (by e-mail unless they say otherwise),
--   once per payment.
alter type public.notification_kind add value if not exists 'payment_received';
