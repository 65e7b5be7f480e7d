-- Demo data for local development: runs once, on a freshly created database,
-- after the migrations (supabase/local/postgres.ts; `supabase db reset` on the CLI).
--
-- Demo accounts sign in by magic link (the local inbox catches the e-mail), so
-- they have no password. IDs are fixed and readable so tests, fixtures and
-- bug reports can name them:
--   5eed0000-0000-4000-8000-0000000000NN  accounts
--   5eed0000-0000-4000-8000-0000000001NN  organisations
-- Websites use the reserved .example domain, e-mail the reserved .test domain.

-- ---------------------------------------------------------------------------
-- Accounts, shaped as GoTrue writes them (it scans the token columns as
-- strings, so they must be '' rather than null). The on_auth_user_created
-- trigger creates each profile from raw_user_meta_data.full_name.
-- ---------------------------------------------------------------------------
with demo (id, email, full_name) as (
  values
    ('5eed0000-0000-4000-8000-000000000001'::uuid, 'admin@accord.test',             'Amelia Hart'),
    ('5eed0000-0000-4000-8000-000000000002'::uuid, 'member@accord.test',            'Oliver Bennett'),
    ('5eed0000-0000-4000-8000-000000000003'::uuid, 'pending@accord.test',           'Priya Shah'),
    ('5eed0000-0000-4000-8000-000000000004'::uuid, 'investor.lite@accord.test',     'Lars Eriksen'),
    ('5eed0000-0000-4000-8000-000000000005'::uuid, 'investor.dataroom@accord.test', 'Dana Roth'),
    ('5eed0000-0000-4000-8000-000000000006'::uuid, 'stakeholder@accord.test',       'Samuel Okafor')
),
inserted as (
  insert into auth.users (
    instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
    raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
    confirmation_token, recovery_token, email_change_token_new, email_change
  )
  select
    '00000000-0000-0000-0000-000000000000', d.id, 'authenticated', 'authenticated', d.email, '', now(),
    '{"provider":"email","providers":["email"]}'::jsonb,
    jsonb_build_object('full_name', d.full_name), now(), now(),
    '', '', '', ''
  from demo d
  returning id, email
)
insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select
  i.id::text, i.id,
  jsonb_build_object('sub', i.id::text, 'email', i.email, 'email_verified', true),
  'email', null, now(), now()
from inserted i;

-- ---------------------------------------------------------------------------
-- Network roles
-- ---------------------------------------------------------------------------
-- The first system administrator has nobody to be granted by.
insert into public.system_admins (user_id, granted_by)
values ('5eed0000-0000-4000-8000-000000000001', null);

insert into public.investor_access (user_id, level, granted_by) values
  ('5eed0000-0000-4000-8000-000000000004', 'lite',      '5eed0000-0000-4000-8000-000000000001'),
  ('5eed0000-0000-4000-8000-000000000005', 'data_room', '5eed0000-0000-4000-8000-000000000001');

insert into public.stakeholders (user_id, affiliation, granted_by) values
  ('5eed0000-0000-4000-8000-000000000006', 'Trust Framework Advisory Board', '5eed0000-0000-4000-8000-000000000001');

-- ---------------------------------------------------------------------------
-- Organisations
-- ---------------------------------------------------------------------------
-- Created by the demo member and the demo applicant: the organizations_handle_new
-- trigger makes each its admin and files a pending application, exactly as
-- onboarding does. Northwind is then approved below.
insert into public.organizations
  (id, name, legal_name, registration_number, country, website, sector, size, description, created_by, created_at)
values
  ('5eed0000-0000-4000-8000-000000000101', 'Northwind Learning Trust', 'Northwind Learning Trust',
   '08123456', 'GB', 'https://www.northwind-learning.example', 'education', '250-999',
   'A multi-academy trust of fourteen primary and secondary schools in the North West of England. It verifies staff, volunteer and visitor identities for safeguarding checks.',
   '5eed0000-0000-4000-8000-000000000002', now() - interval '120 days'),
  ('5eed0000-0000-4000-8000-000000000111', 'Brightpath Tutoring', 'Brightpath Tutoring Ltd',
   '14567890', 'GB', 'https://brightpath-tutoring.example', 'education', '1-9',
   'Online tutoring for GCSE and A-level students. Applying to verify tutors and the parents who book them.',
   '5eed0000-0000-4000-8000-000000000003', now() - interval '2 days');

update public.organization_applications
   set status = 'approved', decided_by = '5eed0000-0000-4000-8000-000000000001'
 where organization_id = '5eed0000-0000-4000-8000-000000000101';

-- Further approved members, so the public trust registry is not empty. No
-- creator: they stand for organisations that onboarded earlier.
insert into public.organizations
  (id, name, legal_name, registration_number, country, website, sector, size, description, created_by, created_at)
values
  ('5eed0000-0000-4000-8000-000000000102', 'Harbourview Health Partners', 'Harbourview Health Partners DAC',
   '654321', 'IE', 'https://www.harbourview-health.example', 'healthcare', '1000+',
   'Private hospitals and outpatient clinics in Dublin and Cork. Patients prove their identity once at registration and again for remote consultations.',
   null, now() - interval '300 days'),
  ('5eed0000-0000-4000-8000-000000000103', 'Grachtenbank', 'Grachtenbank N.V.',
   '34123456', 'NL', 'https://www.grachtenbank.example', 'financial_services', '250-999',
   'A digital retail bank in Amsterdam that onboards customers remotely with document and liveness checks under EU anti-money-laundering rules.',
   null, now() - interval '280 days'),
  ('5eed0000-0000-4000-8000-000000000104', 'Stadtwerke Rheinfeld', 'Stadtwerke Rheinfeld GmbH',
   'HRB 712345', 'DE', 'https://www.stadtwerke-rheinfeld.example', 'public_sector', '250-999',
   'The municipally owned utility for 180,000 residents. Customers sign energy and water contracts online or at service points with a verified identity.',
   null, now() - interval '240 days'),
  ('5eed0000-0000-4000-8000-000000000105', 'Voyages Lumière', 'Voyages Lumière SAS',
   '912345678', 'FR', 'https://www.voyages-lumiere.example', 'travel', '50-249',
   'A tour operator in Lyon that checks travellers'' documents before cross-border trips, so hotel check-in takes seconds.',
   null, now() - interval '200 days'),
  ('5eed0000-0000-4000-8000-000000000106', 'Talento Ibérico', 'Talento Ibérico S.L.',
   'B87654321', 'ES', 'https://www.talento-iberico.example', 'recruitment', '10-49',
   'A recruitment agency in Madrid that confirms candidates'' identity and right to work before placing them.',
   null, now() - interval '170 days'),
  ('5eed0000-0000-4000-8000-000000000107', 'Nordljus Vård', 'Nordljus Vård AB',
   '556987-1234', 'SE', 'https://www.nordljus-vard.example', 'healthcare', '50-249',
   'Primary care centres in Uppsala using verified identity for video consultations and prescription collection.',
   null, now() - interval '150 days'),
  ('5eed0000-0000-4000-8000-000000000108', 'Kivi Digital', 'Kivi Digital OÜ',
   '16543210', 'EE', 'https://kivi-digital.example', 'technology', '10-49',
   'A Tallinn software company building e-commerce checkouts with age and identity verification for regulated goods.',
   null, now() - interval '90 days'),
  ('5eed0000-0000-4000-8000-000000000109', 'Beacon Lettings', 'Beacon Lettings Ltd',
   '12987654', 'GB', 'https://www.beacon-lettings.example', 'real_estate', '10-49',
   'A letting agent in Bristol running right-to-rent checks for tenants, in branch and online.',
   null, now() - interval '60 days'),
  ('5eed0000-0000-4000-8000-000000000110', 'Deltaland University of Applied Sciences', 'Stichting Hogeschool Deltaland',
   '41098765', 'NL', 'https://www.deltaland.example', 'education', '1000+',
   'A university of applied sciences in Rotterdam verifying student identity at enrolment and for remotely proctored examinations.',
   null, now() - interval '30 days');

insert into public.organization_applications (organization_id, status, submitted_by, submitted_at, decided_by)
select o.id, 'approved', null, o.created_at, '5eed0000-0000-4000-8000-000000000001'
from public.organizations o
where o.id between '5eed0000-0000-4000-8000-000000000102' and '5eed0000-0000-4000-8000-000000000110';

-- ---------------------------------------------------------------------------
-- The demo applicant's application details (onboarding, issue 4), so the back
-- office's review screen shows a realistic application. No document is
-- seeded: storage objects are not data in this database.
-- ---------------------------------------------------------------------------
update public.organization_applications
   set contact_name = 'Priya Shah',
       contact_phone = '+44 161 496 0000',
       use_cases = '{education,online_registration}',
       expected_monthly_verifications = 250,
       consent_at = now() - interval '2 days'
 where organization_id = '5eed0000-0000-4000-8000-000000000111';

-- ---------------------------------------------------------------------------
-- Investor access requests and Contact Us messages (issue 5), so the back
-- office's investor and message screens have something real to show: one of
-- each review state, sent over the past weeks. Addresses use reserved example
-- domains.
-- ---------------------------------------------------------------------------
insert into public.investor_access_requests
  (name, email, organization, investor_kind, message, status, decided_by, decided_at, created_at, updated_at)
values
  ('Margit Lindqvist', 'margit.lindqvist@nordkap-ventures.example', 'Nordkap Ventures', 'venture_capital',
   'We invest in European trust infrastructure at seed and Series A and would like to follow Accord''s progress ahead of your next round.',
   'new', null, null, now() - interval '2 days', now() - interval '2 days'),
  ('Tomás Ferreira', 'tomas@ferreira-family.example', 'Ferreira Family Office', 'family_office',
   null,
   'new', null, null, now() - interval '6 hours', now() - interval '6 hours'),
  ('Dr. Aisha Rahman', 'a.rahman@regional-innovation-fund.example', 'Regional Innovation Fund', 'public_funder',
   'Our digital public infrastructure programme co-funds interoperable identity schemes. Could we see how members are assessed against the framework?',
   'approved', '5eed0000-0000-4000-8000-000000000001', now() - interval '12 days', now() - interval '15 days', now() - interval '12 days'),
  ('Jonas Becker', 'jonas.becker@idgate.example', 'IDGate GmbH', 'corporate',
   'Strategic interest: we run document verification for banks in the DACH region.',
   'declined', '5eed0000-0000-4000-8000-000000000001', now() - interval '20 days', now() - interval '24 days', now() - interval '20 days');

insert into public.contact_messages
  (name, email, organization, topic, message, handled, handled_by, handled_at, created_at, updated_at)
values
  ('Fiona Gallagher', 'f.gallagher@lakeside-college.example', 'Lakeside College', 'membership',
   'We enrol about 3,000 students a year, many from abroad. Before we apply: can a college join if our identity checks are done by an outside provider?',
   false, null, null, now() - interval '1 day', now() - interval '1 day'),
  ('Marco Bianchi', 'marco.bianchi@verifica-doc.example', 'Verifica Doc S.r.l.', 'partnership',
   'We build document authenticity checks for Italian notaries and would like to be listed among the ecosystem solutions. Who should we talk to?',
   false, null, null, now() - interval '3 days', now() - interval '3 days'),
  ('Hannah Okafor', 'hannah.okafor@thetrustdesk.example', 'The Trust Desk (newsletter)', 'press',
   'I am writing a piece on eIDAS 2 and reusable identity for organisations. Would someone from Accord be available for a short interview next week?',
   true, '5eed0000-0000-4000-8000-000000000001', now() - interval '5 days', now() - interval '7 days', now() - interval '5 days'),
  ('Pieter de Vries', 'pieter.devries@gmail.example', null, 'privacy',
   'Deltaland University checked my identity through your network when I enrolled. Which personal data about me does Accord itself hold?',
   false, null, null, now() - interval '4 hours', now() - interval '4 hours');
