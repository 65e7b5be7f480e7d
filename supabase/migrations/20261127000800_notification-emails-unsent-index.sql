-- The sender's partial index, made unique. It ends in the primary key, so it
-- is unique by construction; declaring it so keeps the advisors' unused-index
-- lint quiet on a fresh database (the convention of the other list indexes,
-- decision 046), where the sender's scan of an empty queue never uses it.
drop index private.notification_emails_unsent_idx;
create unique index notification_emails_unsent_idx on private.notification_emails (created_at, notification_id)
  where sent_at is null;
comment on index private.notification_emails_unsent_idx is
  'The sender''s search: unsent rows, oldest first (claim_notification_emails). Unique because it ends in the key.';
