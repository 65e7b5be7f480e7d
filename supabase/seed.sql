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
-- creator: they stand for organisations that onboarded earlier. Three publish a
-- contact e-mail address (shown on their registry profile and in the open API).
insert into public.organizations
  (id, name, legal_name, registration_number, country, website, sector, size, description, created_by, created_at, contact_email)
values
  ('5eed0000-0000-4000-8000-000000000102', 'Harbourview Health Partners', 'Harbourview Health Partners DAC',
   '654321', 'IE', 'https://www.harbourview-health.example', 'healthcare', '1000+',
   'Private hospitals and outpatient clinics in Dublin and Cork. Patients prove their identity once at registration and again for remote consultations.',
   null, now() - interval '300 days', null),
  ('5eed0000-0000-4000-8000-000000000103', 'Grachtenbank', 'Grachtenbank N.V.',
   '34123456', 'NL', 'https://www.grachtenbank.example', 'financial_services', '250-999',
   'A digital retail bank in Amsterdam that onboards customers remotely with document and liveness checks under EU anti-money-laundering rules.',
   null, now() - interval '280 days', 'service@grachtenbank.example'),
  ('5eed0000-0000-4000-8000-000000000104', 'Stadtwerke Rheinfeld', 'Stadtwerke Rheinfeld GmbH',
   'HRB 712345', 'DE', 'https://www.stadtwerke-rheinfeld.example', 'public_sector', '250-999',
   'The municipally owned utility for 180,000 residents. Customers sign energy and water contracts online or at service points with a verified identity.',
   null, now() - interval '240 days', null),
  ('5eed0000-0000-4000-8000-000000000105', 'Voyages Lumière', 'Voyages Lumière SAS',
   '912345678', 'FR', 'https://www.voyages-lumiere.example', 'travel', '50-249',
   'A tour operator in Lyon that checks travellers'' documents before cross-border trips, so hotel check-in takes seconds.',
   null, now() - interval '200 days', 'bonjour@voyages-lumiere.example'),
  ('5eed0000-0000-4000-8000-000000000106', 'Talento Ibérico', 'Talento Ibérico S.L.',
   'B87654321', 'ES', 'https://www.talento-iberico.example', 'recruitment', '10-49',
   'A recruitment agency in Madrid that confirms candidates'' identity and right to work before placing them.',
   null, now() - interval '170 days', null),
  ('5eed0000-0000-4000-8000-000000000107', 'Nordljus Vård', 'Nordljus Vård AB',
   '556987-1234', 'SE', 'https://www.nordljus-vard.example', 'healthcare', '50-249',
   'Primary care centres in Uppsala using verified identity for video consultations and prescription collection.',
   null, now() - interval '150 days', null),
  ('5eed0000-0000-4000-8000-000000000108', 'Kivi Digital', 'Kivi Digital OÜ',
   '16543210', 'EE', 'https://kivi-digital.example', 'technology', '10-49',
   'A Tallinn software company building e-commerce checkouts with age and identity verification for regulated goods.',
   null, now() - interval '90 days', null),
  ('5eed0000-0000-4000-8000-000000000109', 'Beacon Lettings', 'Beacon Lettings Ltd',
   '12987654', 'GB', 'https://www.beacon-lettings.example', 'real_estate', '10-49',
   'A letting agent in Bristol running right-to-rent checks for tenants, in branch and online.',
   null, now() - interval '60 days', 'lettings@beacon-lettings.example'),
  ('5eed0000-0000-4000-8000-000000000110', 'Deltaland University of Applied Sciences', 'Stichting Hogeschool Deltaland',
   '41098765', 'NL', 'https://www.deltaland.example', 'education', '1000+',
   'A university of applied sciences in Rotterdam verifying student identity at enrolment and for remotely proctored examinations.',
   null, now() - interval '30 days', null);

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
-- Published content: pricing plans, updates and ecosystem solutions (issue 5,
-- supabase/migrations/20261122005100_published-content.sql). What /pricing,
-- /news and /ecosystem show until the back office manages it. Long texts use
-- the markdown subset described in that migration. Solution logos are files in
-- supabase/seed-assets/brand_assets/, uploaded by the local stack after this
-- seed (docs/local-stack.md, "Seed assets"); a solution without one shows a
-- neutral mark.
-- ---------------------------------------------------------------------------
insert into public.pricing_plans
  (slug, name, summary, price, included_verifications, additional_verification_eur, support, features,
   is_featured, sort_order, is_published, published_at)
values
  ('essentials', 'Essentials',
   'For organisations making their first verifications through the network, such as a single school, clinic or agency.',
   290.00, 500, 0.60, 'E-mail, next business day',
   array['Listing in the public trust registry',
         'Identity verification up to substantial assurance',
         'Acceptance of other members'' verifications',
         'Member dashboard for up to 5 colleagues',
         'Registry API for your own systems'],
   false, 10, true, '2026-01-19 09:00+00'),
  ('professional', 'Professional',
   'For organisations that verify people every day, in person and online, and check the documents they bring.',
   890.00, 2500, 0.45, 'E-mail and phone, answered within 4 business hours',
   array['Everything in Essentials',
         'Document verification: diplomas, professional registrations, proof of address',
         'Reusable verifications shared with other members',
         'Member dashboard for up to 25 colleagues',
         'Webhooks for verification results'],
   true, 20, true, '2026-01-19 09:00+00'),
  ('scale', 'Scale',
   'For large organisations and multi-site groups with high volumes and customers in several countries.',
   2400.00, 10000, 0.30, 'Priority support with a named contact',
   array['Everything in Professional',
         'Identity verification at high assurance',
         'Cross-border verification with members in other countries',
         'Unlimited colleagues with single sign-on',
         'Audit log export',
         '99.9% availability commitment'],
   false, 30, true, '2026-01-19 09:00+00'),
  ('enterprise', 'Enterprise',
   'For national bodies, banks and platforms making more than 10,000 verifications a month, or with requirements of their own.',
   null, null, null, '24/7 support and a dedicated account manager',
   array['Everything in Scale',
         'Volume pricing agreed with you',
         'Data residency in the EU region of your choice',
         'Availability and response times agreed in your contract',
         'Integration assistance from the Accord team',
         'A voice in trust framework consultations'],
   false, 40, true, '2026-01-19 09:00+00');

insert into public.updates (slug, title, summary, category, is_published, published_at, body)
values
  ('accord-network-is-live',
   'The Accord network is live',
   'Accord opens for applications today: one trust framework, one public registry and one way for organisations to accept each other''s identity and document checks.',
   'network', true, '2026-01-19 09:00+00',
   $md$Today the Accord trust and acceptance network opens for applications. Organisations that verify identities and documents — schools, hospitals, banks, utilities, employers — can now apply to join, be assessed against one trust framework and be listed in a public trust registry.

## Why a network

Most organisations check the same things again and again: a passport at enrolment, a diploma at hiring, a proof of address when an account is opened. Each check is made to the organisation's own standard, so nobody else can rely on it. People repeat the same steps for every organisation they deal with, and organisations pay for checks that have already been done elsewhere.

Accord changes that in three steps:

1. **Apply.** Tell us who you are and how you verify identities and documents today.
2. **Get verified.** We assess the application against the trust framework. Approved organisations appear in the trust registry.
3. **Be trusted.** Other members accept the verifications you make, and you can rely on theirs.

## What is available today

- Online applications through [Join the Network](/onboarding), reviewed by the Accord team, usually within ten business days.
- The public [trust registry](/trust-registry), where anyone can check whether an organisation is a member in good standing.
- Version 1.0 of the [trust framework](/framework), which sets out the levels of assurance members work to.

## What comes next

Over the coming months we will publish a revision of the trust framework, open the registry to other systems through an API and start a first cross-border pilot. We will report on each of them here.

Questions about joining? Write to [hello@accord.network](mailto:hello@accord.network).$md$),

  ('trust-framework-1-1-published',
   'Trust framework 1.1: separate levels of assurance for identities and documents',
   'Version 1.1 of the trust framework separates the assurance of a person''s identity from the assurance of the documents they present, and maps both to eIDAS and NIST SP 800-63.',
   'trust_framework', true, '2026-03-16 10:00+00',
   $md$We have published version 1.1 of the Accord trust framework. It replaces version 1.0 for all members from 1 May 2026; applications received from today are assessed against 1.1.

## What changes

Version 1.0 described one level of assurance per verification. Members told us that in practice they check two different things: *who the person is*, and *whether a document is genuine and valid*. A university can be certain that a student is who they say they are and still need to check the diploma they bring.

Version 1.1 therefore defines two scales:

- **Identity assurance**: low, substantial and high, mapped to the eIDAS levels of assurance and to NIST SP 800-63 IAL1 to IAL3.
- **Document assurance**: inspected, validated or confirmed at source, depending on whether a document was examined, checked against its security features, or confirmed with its issuer.

Every verification a member shares now states both levels, so the organisation that relies on it can decide whether it is enough for its purpose.

## What members need to do

- Review your verification procedures against the two scales. The [trust framework](/framework) page explains each level with examples.
- Tell us which levels your procedures meet before 1 May 2026; we confirm them at your next review.
- If a procedure no longer meets the level you declared, say so early. A transition plan is better than a finding at review.

## How it was made

The changes were proposed by the Trust Framework Advisory Board and open for public comment for six weeks. We received 41 responses from members, regulators and solution providers, and changed the definition of "confirmed at source" as a result.$md$),

  ('registry-api-available',
   'The trust registry is now open to other systems',
   'Any system can now ask the trust registry whether an organisation is an active member, and whether it was on a given date, through an open, read-only API.',
   'product', true, '2026-06-16 09:00+00',
   $md$Until today, the trust registry was a page people read. From today it is also an API that other systems can call, so a check that someone is dealing with a member in good standing can be built into the moment it matters: before a verification is accepted, before a contract is signed, before data is shared.

## What the API answers

- **Who is a member?** List and search approved organisations by name, sector and country.
- **Is this organisation a member?** Look an organisation up by its registry identifier or by its website's domain.
- **Was it a member then?** Ask for an organisation's status on a given date. Because every suspension, revocation and reinstatement is recorded with the date it took effect, the answer reflects the registry as it stood on that day.

The API is read-only and shows exactly what the public registry page shows, never the documents or contact details organisations gave us when they applied.

## Getting started

The [API guide](/api-guide) lists the endpoints, their parameters and responses, with `curl` examples you can run straight away. Members on every plan can use the API from their own systems at no extra cost.

Tell us what you build with it: [hello@accord.network](mailto:hello@accord.network).$md$),

  ('healthcare-travel-and-recruitment-join',
   'Healthcare, travel and recruitment join the network',
   'Nordljus Vård, Voyages Lumière and Talento Ibérico bring patient, traveller and candidate verification to Accord. Members are now registered in six countries.',
   'members', true, '2026-07-07 09:00+00',
   $md$Three organisations joined the network in the past two months, each bringing a sector with verification needs of its own.

## Nordljus Vård, Sweden

Nordljus Vård runs primary care centres in Uppsala. Patients prove their identity once when they register and again before a video consultation or when they collect a prescription. As a member, Nordljus Vård can accept identity verifications made by other members at substantial assurance, so a patient who has already been verified does not start again.

## Voyages Lumière, France

The Lyon tour operator checks travellers' passports and visas before cross-border trips. Sharing those checks with partner hotels that are members too means check-in takes seconds instead of a photocopy at the desk.

## Talento Ibérico, Spain

Talento Ibérico, a recruitment agency in Madrid, confirms candidates' identity and right to work before placing them. Employers who are members can rely on the agency's verification instead of repeating it on the first day.

## Where the network stands

With these three, members are registered in Ireland, the Netherlands, Germany, France, Spain and Sweden, across healthcare, financial services, the public sector, travel and recruitment. Every one of them is listed, with the date its membership took effect, in the [trust registry](/trust-registry).

Thinking of joining? Read about the [healthcare](/use-cases/healthcare) and [online registration](/use-cases/online-registration) use cases, or [apply now](/onboarding).$md$),

  ('independent-security-assessment-2026',
   'Independent security assessment completed',
   'An independent penetration test of the registry, the member dashboard and the application process found no critical or high-risk issues. Two medium-risk findings were fixed within 14 days.',
   'security', true, '2026-08-11 09:00+00',
   $md$Members rely on Accord to tell them who they can trust, so the platform that answers has to be trustworthy itself. In July an independent security firm spent three weeks testing it.

## What was tested

- The public trust registry and its API.
- The member dashboard, including sign-in by e-mail link and access between organisations.
- The application process, including the upload and review of registration documents.
- The back office used by Accord's administrators.

## What was found

The testers found **no critical and no high-risk issues**. They reported two medium-risk and five low-risk findings. The two medium-risk findings — a missing limit on repeated sign-in link requests from one address, and an over-long lifetime of download links for application documents — were fixed within 14 days and the fixes were confirmed by the testers. The low-risk findings are scheduled and will be fixed by the end of the year.

## How we protect data

- The registry holds data about organisations only. The people our members verify are never stored in it.
- Access to each organisation's data is enforced in the database itself, so no part of the application can read another member's information by mistake.
- Application documents are kept in private storage and opened only through short-lived links by the organisation and the reviewing administrator.
- Every administrative decision is recorded with who made it and when.

## Reporting a vulnerability

If you believe you have found a security problem, write to [security@accord.network](mailto:security@accord.network). We answer within two business days and do not take action against anyone who reports in good faith.$md$),

  ('cross-border-pilot-netherlands-germany-estonia',
   'Cross-border pilot: members in three countries accept each other''s checks',
   'Grachtenbank, Stadtwerke Rheinfeld and Kivi Digital start a three-month pilot in which an identity verified in one country is accepted in another without being checked again.',
   'network', true, '2026-09-29 09:00+00',
   $md$Accepting a verification made by someone else is easiest when both organisations are in the same country, work under the same law and know each other. The network is meant to work when none of that is true. From 1 October, three members will test exactly that.

## The pilot

- **Grachtenbank** (Netherlands) verifies new customers remotely with document and liveness checks under EU anti-money-laundering rules.
- **Stadtwerke Rheinfeld** (Germany) lets customers sign energy and water contracts online with a verified identity.
- **Kivi Digital** (Estonia) builds e-commerce checkouts that need age and identity verification for regulated goods.

A customer verified by one of them at substantial assurance can share that verification with the others. The receiving member checks in the trust registry that the verifying organisation is an active member, reads the levels of assurance it states, and decides under its own rules whether to accept it.

## What we will measure

1. How often a shared verification is accepted, and why it is not.
2. How long a customer takes to complete sign-up with and without a shared verification.
3. Whether accepted verifications lead to more disputes or fraud signals than checks made in-house.

## What happens next

The pilot runs until 31 December 2026. We will publish the results here in January, together with any changes to the trust framework they call for. The [cross-border verification](/use-cases/cross-border-verification) page explains how acceptance between countries works today.$md$),

  ('trust-framework-1-2-published',
   'Trust framework 1.2: suspension, revocation and reinstatement',
   'Version 1.2 sets out when a membership is suspended or revoked, how the member is told and heard, and how the registry records each change with the date it takes effect.',
   'trust_framework', true, '2026-11-03 09:00+00',
   $md$Trust in the network depends as much on what happens when a member falls short as on how members are admitted. Version 1.2 of the trust framework, published today, makes those rules explicit. It applies from 1 January 2027.

## Suspension

A membership may be suspended when a member no longer meets a requirement it declared, fails to respond to a review, or when there is a credible report of a serious breach. A suspended member stays in the registry with the status **suspended**, and other members should not accept its new verifications while the suspension lasts.

## Revocation

A membership is revoked when a breach is confirmed and not remedied, or when a member asks to leave. The registry shows the status **revoked** with its effective date; verifications made before that date keep the status they had when they were made.

## Being told and being heard

- Except in an emergency, a member is told in writing 14 days before a suspension and may respond.
- Every decision states its grounds and can be appealed to the Trust Framework Advisory Board within 30 days.
- A suspended member is reinstated as soon as the problem is resolved, and the registry records the reinstatement with its date.

## Why dates matter

Every change is recorded in the registry with the date it took effect, so anyone can ask whether an organisation was a member in good standing on the day a verification was made. The [API guide](/api-guide) shows how.

Read the full text on the [trust framework](/framework) page.$md$),

  ('membership-prices-2027',
   'Membership prices for 2027',
   'What changes to the membership plans from 1 January 2027, and what stays the same.',
   'network', false, null,
   $md$Draft for the back office: prices for 2027 are still being agreed with the Advisory Board. Do not publish before the board meeting on 8 December.$md$);

insert into public.ecosystem_solutions
  (slug, name, provider, category, summary, description, integrates_with, website, country, logo_path, sort_order,
   is_published, published_at)
values
  ('veridis-identity', 'Veridis Identity', 'Veridis B.V.', 'identity_verification',
   'Remote identity verification that reads the chip in passports and identity cards with a phone''s NFC and matches the holder with a liveness check.',
   $md$Veridis Identity lets people prove who they are from their own phone in about two minutes. The app reads the chip in an ePassport or a European identity card over NFC, verifies the chip's signature against the issuing country's certificates, and compares the photo stored on the chip with a short selfie video to confirm that the holder is present.

Because the data comes from the chip rather than a photo of the document, a Veridis verification meets **substantial assurance** under the Accord trust framework, and **high** when combined with a check against the issuer's revocation list.

## How members use it

- Universities verify students before enrolment and before remotely proctored exams.
- Banks and lenders onboard customers remotely under anti-money-laundering rules.
- Employers confirm identity and right to work before a first day.

Each completed verification can be shared with other Accord members, stating its levels of assurance, so the person does not have to repeat it.$md$,
   array['Accord registry API', 'OpenID Connect', 'iOS and Android SDKs', 'Webhooks'],
   'https://www.veridis.example', 'NL', 'ecosystem/veridis-identity.png', 10, true, '2026-02-09 09:00+00'),

  ('docuproof', 'DocuProof', 'DocuProof Ltd', 'document_verification',
   'Checks diplomas, certificates and proof-of-address documents with their issuers, and flags altered or counterfeit ones.',
   $md$DocuProof answers the question an identity check cannot: is this document genuine, and does it say what its issuer says it says? It examines uploaded or scanned documents for signs of alteration, and wherever possible confirms them directly with the issuer — the awarding university, the professional body or the utility that sent the bill.

## What it checks

- Degree certificates and transcripts from more than 2,000 institutions in Europe.
- Professional qualifications and registrations.
- Proof of address: utility bills, bank statements and council tax letters.

A confirmation from the issuer meets the **confirmed at source** level of document assurance in the Accord trust framework; a forensic check alone meets **validated**. Every result says which.$md$,
   array['Accord registry API', 'REST API', 'Issuer confirmation services', 'Applicant tracking systems'],
   'https://docuproof.example', 'GB', 'ecosystem/docuproof.png', 20, true, '2026-03-02 09:00+00'),

  ('passerelle-wallet', 'Passerelle Wallet', 'Passerelle SAS', 'digital_wallet',
   'A personal wallet app in which people keep verified identity data and documents, and share only what an organisation asks for.',
   $md$Passerelle Wallet puts verified credentials in the hands of the person they describe. Once an Accord member has verified someone's identity or a document, it can issue the result into the person's wallet. The next organisation that needs it asks the wallet instead of starting again.

## Privacy by design

- People see exactly which attributes are requested, by whom, and approve each request.
- Selective disclosure lets a person prove they are over 18, or that they hold a diploma, without revealing anything else.
- The wallet checks that the requesting organisation is an active member in the Accord trust registry before it shares anything.

Passerelle follows the architecture of the EU Digital Identity Wallet, so credentials issued today will work with national wallets as they arrive.$md$,
   array['OpenID for Verifiable Presentations', 'SD-JWT verifiable credentials', 'ISO/IEC 18013-5 mobile driving licence', 'Accord registry API'],
   'https://passerelle-wallet.example', 'FR', 'ecosystem/passerelle-wallet.png', 30, true, '2026-04-20 09:00+00'),

  ('frontdesk-id', 'Frontdesk ID', 'Frontdesk Systems GmbH', 'identity_verification',
   'Desk scanners and a tablet app for checking identity documents in person, at reception desks, service points and hotel check-in.',
   $md$Not every verification happens online. Frontdesk ID equips reception desks, service points and check-in counters with a document scanner and a tablet app that reads the machine-readable zone and chip of identity documents, checks their security features under white, infrared and ultraviolet light, and records the result.

## Made for busy desks

- A check takes under ten seconds and needs no training beyond a short video.
- Staff see a clear pass, refer or fail, with the reason.
- Images are kept only as long as the member's retention policy allows.

Verifications made at the desk can be shared through the Accord network at the levels of assurance they reached, so a customer checked in person at a utility's service point can later sign a contract online without another check.$md$,
   array['ICAO 9303 travel documents', 'Hotel property management systems', 'Accord registry API', 'Webhooks'],
   'https://www.frontdesk-id.example', 'DE', 'ecosystem/frontdesk-id.png', 40, true, '2026-05-11 09:00+00'),

  ('clinicheck', 'CliniCheck', 'CliniCheck Health AB', 'document_verification',
   'Confirms practitioners'' professional registrations and qualifications with healthcare regulators before they start work.',
   $md$Hospitals, clinics and staffing agencies must know that a doctor, nurse or pharmacist is registered and allowed to practise before the first shift. CliniCheck confirms registrations directly with the professional registers of fourteen European countries and keeps checking them, so a member is told within a day if a registration is suspended or lapses.

## For healthcare members

- One request confirms identity, registration and specialist qualifications.
- Continuous monitoring replaces annual re-checks.
- Results state the Accord document assurance level **confirmed at source**, so other healthcare members can accept them when a practitioner moves between employers.$md$,
   array['Professional registers in 14 European countries', 'HL7 FHIR Practitioner resources', 'SCIM for HR systems', 'Accord registry API'],
   'https://clinicheck.example', 'SE', 'ecosystem/clinicheck.png', 50, true, '2026-06-29 09:00+00'),

  ('northbridge-integrations', 'Northbridge Integrations', 'Northbridge Consulting OÜ', 'integration',
   'An integration partner that connects student information systems, HR platforms and customer sign-up flows to Accord in weeks rather than months.',
   $md$Joining the network is a decision; connecting to it is a project. Northbridge's engineers have connected more than forty organisations' systems to identity and document verification services, and now do the same for Accord members.

## What Northbridge does

1. Maps where your organisation verifies people today and which checks other members could provide.
2. Connects your systems to the verification providers you choose and to the Accord registry API.
3. Tests the result against the trust framework requirements you declared, so your review goes smoothly.

Typical projects take four to eight weeks. Northbridge works on a fixed price agreed before work starts.$md$,
   array['Accord registry API', 'SAML 2.0 and OpenID Connect', 'Student information systems', 'HR and applicant tracking systems'],
   'https://northbridge-integrations.example', 'EE', 'ecosystem/northbridge-integrations.png', 60, true, '2026-08-03 09:00+00'),

  ('ledgerline-seal', 'Ledgerline Seal', 'Ledgerline Trust Services S.L.', 'trust_services',
   'Qualified electronic seals and time stamps that make verification records tamper-evident and provable years later.',
   $md$A verification is only as good as the record that proves it happened. Ledgerline Seal applies a qualified electronic seal and a qualified time stamp to each verification record a member keeps, so anyone can later confirm who made the verification, when, and that the record has not been changed since.

## Why it matters

- Regulators and courts recognise qualified seals and time stamps across the EU under eIDAS.
- Records stay verifiable after the systems that created them are retired.
- Combined with the dated history in the Accord trust registry, a member can show that the organisation whose verification it accepted was a member in good standing on that day.$md$,
   array['eIDAS qualified trust services', 'PAdES and JAdES signatures', 'RFC 3161 time stamps'],
   'https://www.ledgerline.example', 'ES', null, 70, true, '2026-10-12 09:00+00');

-- Trust registry history (public registry, issue 5)
-- ---------------------------------------------------------------------------
-- The approvals above all happened "now", as the seed ran. A registry that
-- answers "was it a member on this date?" needs a past, so each approval is
-- moved to two weeks after the organisation applied, and three members get a
-- history: Voyages Lumière was suspended and reinstated, Talento Ibérico was
-- suspended and then revoked, Kivi Digital is suspended now. The reasons are
-- private (only the organisation and the back office see them).
with approval (id, decided_at) as (
  select o.id, o.created_at + interval '14 days'
    from public.organizations o
   where o.id between '5eed0000-0000-4000-8000-000000000101' and '5eed0000-0000-4000-8000-000000000110'
),
applications as (
  update public.organization_applications a
     set decided_at = p.decided_at
    from approval p
   where a.organization_id = p.id
  returning a.organization_id
),
entries as (
  update public.registry_entries r
     set effective_from = p.decided_at
    from approval p
   where r.organization_id = p.id
  returning r.organization_id
),
history as (
  update public.registry_status_changes c
     set effective_from = p.decided_at, recorded_at = p.decided_at,
         recorded_by = '5eed0000-0000-4000-8000-000000000001'
    from approval p
   where c.organization_id = p.id
  returning c.organization_id
),
events as (
  update public.application_events e
     set created_at = case when e.type = 'submitted' then o.created_at else p.decided_at end,
         actor_id = case when e.type = 'submitted' then e.actor_id else '5eed0000-0000-4000-8000-000000000001' end
    from approval p
    join public.organizations o on o.id = p.id
   where e.organization_id = p.id
  returning e.organization_id
)
update public.network_activity n
   set occurred_at = case when n.action = 'application.submitted' then o.created_at else p.decided_at end,
       actor_id = case when n.action = 'application.submitted' then n.actor_id else '5eed0000-0000-4000-8000-000000000001' end
  from approval p
  join public.organizations o on o.id = p.id
 where n.organization_id = p.id;

with change (organization_id, status, days_ago, reason) as (
  values
    ('5eed0000-0000-4000-8000-000000000105'::uuid, 'suspended'::public.registry_status, 120,
     'Two branches accepted travellers'' passports without the liveness check the framework requires for remote verification. Suspended pending an independent audit.'),
    ('5eed0000-0000-4000-8000-000000000105'::uuid, 'active'::public.registry_status, 75,
     'The audit found the branches'' procedures corrected and staff retrained.'),
    ('5eed0000-0000-4000-8000-000000000106'::uuid, 'suspended'::public.registry_status, 50,
     'Candidates were placed before their right-to-work documents had been verified.'),
    ('5eed0000-0000-4000-8000-000000000106'::uuid, 'revoked'::public.registry_status, 20,
     'The agency continued to place unverified candidates during its suspension.'),
    ('5eed0000-0000-4000-8000-000000000108'::uuid, 'suspended'::public.registry_status, 9,
     'The annual assessment of its verification service is overdue.')
),
recorded as (
  insert into public.registry_status_changes (organization_id, status, effective_from, reason, recorded_by, recorded_at)
  select c.organization_id, c.status, now() - make_interval(days => c.days_ago), c.reason,
         '5eed0000-0000-4000-8000-000000000001', now() - make_interval(days => c.days_ago)
    from change c
  returning organization_id
)
insert into public.network_activity (occurred_at, actor_id, action, organization_id, details)
select now() - make_interval(days => c.days_ago), '5eed0000-0000-4000-8000-000000000001',
       'registry.' || case when c.status = 'active' then 'reinstated' else c.status::text end,
       c.organization_id,
       jsonb_build_object('organization_name', o.name, 'reason', c.reason,
                          'effective_from', now() - make_interval(days => c.days_ago))
  from change c
  join public.organizations o on o.id = c.organization_id;

-- The current status is each organisation's latest change.
update public.registry_entries r
   set status = latest.status, effective_from = latest.effective_from
  from (
    select distinct on (c.organization_id) c.organization_id, c.status, c.effective_from
      from public.registry_status_changes c
     order by c.organization_id, c.effective_from desc, c.id desc
  ) latest
 where r.organization_id = latest.organization_id;

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

-- ---------------------------------------------------------------------------
-- Verification schemas (issue 16, supabase/migrations/20261128000400_verification-schemas.sql,
-- decision 056): the kinds of check the network recognises, at the trust
-- framework's levels of assurance, with the attributes each establishes as a
-- JSON Schema; one superseded version (deprecated) and one draft. Then which
-- of them some members verify. Fixed ids: the API guide's examples name them.
-- ---------------------------------------------------------------------------
insert into public.verification_schemas
  (id, name, version, description, assurance_level, attributes, status, created_at, updated_at, activated_at, deprecated_at)
values
  ('5eed0000-0000-4000-8000-000000000501', 'Passport', '1.0',
   'A passport whose chip was read and whose signature was checked against the issuing state''s certificate (ICAO Doc 9303), matched to its holder by a face comparison.',
   'high',
   '{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"family_name":{"type":"string"},"given_names":{"type":"string"},"date_of_birth":{"type":"string","format":"date"},"nationality":{"type":"string","pattern":"^[A-Z]{3}$","description":"ICAO three-letter code"},"document_number":{"type":"string"},"issuing_state":{"type":"string","pattern":"^[A-Z]{3}$"},"expiry_date":{"type":"string","format":"date"},"chip_signature_verified":{"type":"boolean"},"face_match":{"type":"boolean"}},"required":["family_name","given_names","date_of_birth","nationality","document_number","issuing_state","expiry_date","chip_signature_verified"],"additionalProperties":false}',
   'active', now() - interval '300 days', now() - interval '290 days', now() - interval '290 days', null),
  ('5eed0000-0000-4000-8000-000000000502', 'National identity card', '2.0',
   'A national identity card examined by trained staff or certified document-verification technology, its chip read where it has one, matched to the person presenting it.',
   'substantial',
   '{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"family_name":{"type":"string"},"given_names":{"type":"string"},"date_of_birth":{"type":"string","format":"date"},"nationality":{"type":"string","pattern":"^[A-Z]{3}$"},"document_number":{"type":"string"},"issuing_state":{"type":"string","pattern":"^[A-Z]{3}$"},"expiry_date":{"type":"string","format":"date"},"chip_read":{"type":"boolean"}},"required":["family_name","given_names","date_of_birth","document_number","issuing_state","expiry_date"],"additionalProperties":false}',
   'active', now() - interval '160 days', now() - interval '150 days', now() - interval '150 days', null),
  ('5eed0000-0000-4000-8000-000000000503', 'National identity card', '1.0',
   'The first version, without the chip: the card''s security features examined by trained staff. Replaced by version 2.0.',
   'substantial',
   '{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"family_name":{"type":"string"},"given_names":{"type":"string"},"date_of_birth":{"type":"string","format":"date"},"document_number":{"type":"string"},"issuing_state":{"type":"string"},"expiry_date":{"type":"string","format":"date"}},"required":["family_name","date_of_birth","document_number","issuing_state"]}',
   'deprecated', now() - interval '300 days', now() - interval '150 days', now() - interval '290 days', now() - interval '150 days'),
  ('5eed0000-0000-4000-8000-000000000504', 'Residence permit', '1.0',
   'A residence permit (the EU uniform format or a national equivalent) checked for authenticity and validity, with the right to work or study it grants.',
   'substantial',
   '{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"family_name":{"type":"string"},"given_names":{"type":"string"},"date_of_birth":{"type":"string","format":"date"},"nationality":{"type":"string","pattern":"^[A-Z]{3}$"},"permit_number":{"type":"string"},"issuing_state":{"type":"string","pattern":"^[A-Z]{3}$"},"permit_type":{"type":"string"},"valid_until":{"type":"string","format":"date"},"right_to_work":{"type":"boolean"},"right_to_study":{"type":"boolean"}},"required":["family_name","date_of_birth","permit_number","issuing_state","permit_type","valid_until"],"additionalProperties":false}',
   'active', now() - interval '200 days', now() - interval '190 days', now() - interval '190 days', null),
  ('5eed0000-0000-4000-8000-000000000505', 'Diploma', '1.0',
   'A higher-education diploma confirmed with the awarding institution or its national register, or a digitally signed credential verified against the institution''s key.',
   'substantial',
   '{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"holder_family_name":{"type":"string"},"holder_given_names":{"type":"string"},"holder_date_of_birth":{"type":"string","format":"date"},"qualification":{"type":"string"},"awarding_institution":{"type":"string"},"awarding_country":{"type":"string","pattern":"^[A-Z]{2}$"},"award_date":{"type":"string","format":"date"},"eqf_level":{"type":"integer","minimum":1,"maximum":8},"confirmed_by_issuer":{"type":"boolean"}},"required":["holder_family_name","qualification","awarding_institution","award_date","confirmed_by_issuer"],"additionalProperties":false}',
   'active', now() - interval '250 days', now() - interval '240 days', now() - interval '240 days', null),
  ('5eed0000-0000-4000-8000-000000000506', 'Professional licence', '1.0',
   'A registration in a regulated profession''s public register (doctors, nurses, lawyers, teachers…), confirmed with the register on the day of the check.',
   'high',
   '{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"family_name":{"type":"string"},"given_names":{"type":"string"},"profession":{"type":"string"},"register":{"type":"string"},"registration_number":{"type":"string"},"register_status":{"enum":["registered","suspended","removed"]},"valid_until":{"type":["string","null"],"format":"date"}},"required":["family_name","profession","register","registration_number","register_status"],"additionalProperties":false}',
   'active', now() - interval '120 days', now() - interval '110 days', now() - interval '110 days', null),
  ('5eed0000-0000-4000-8000-000000000507', 'Proof of address', '1.0',
   'A recent utility bill, bank statement or council tax letter showing the person''s name and address, checked by trained staff.',
   'low',
   '{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"full_name":{"type":"string"},"address_lines":{"type":"array","items":{"type":"string"}},"postal_code":{"type":"string"},"country":{"type":"string","pattern":"^[A-Z]{2}$"},"document_kind":{"enum":["utility_bill","bank_statement","tax_letter"]},"issued_on":{"type":"string","format":"date"}},"required":["full_name","address_lines","country","document_kind","issued_on"],"additionalProperties":false}',
   'active', now() - interval '90 days', now() - interval '80 days', now() - interval '80 days', null),
  ('5eed0000-0000-4000-8000-000000000508', 'Driving licence', '1.0',
   'A driving licence (the EU card format) checked for authenticity, with the categories it entitles the holder to drive. Under review before the network recognises it.',
   'substantial',
   '{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"family_name":{"type":"string"},"given_names":{"type":"string"},"date_of_birth":{"type":"string","format":"date"},"licence_number":{"type":"string"},"issuing_state":{"type":"string"},"categories":{"type":"array","items":{"type":"string"}},"valid_until":{"type":"string","format":"date"}},"required":["family_name","licence_number","issuing_state","categories"]}',
   'draft', now() - interval '5 days', now() - interval '2 days', null, null);

insert into public.organization_verification_schemas (organization_id, schema_id, declared_at)
values
  ('5eed0000-0000-4000-8000-000000000105', '5eed0000-0000-4000-8000-000000000501', now() - interval '180 days'),
  ('5eed0000-0000-4000-8000-000000000105', '5eed0000-0000-4000-8000-000000000502', now() - interval '140 days'),
  ('5eed0000-0000-4000-8000-000000000110', '5eed0000-0000-4000-8000-000000000505', now() - interval '200 days'),
  ('5eed0000-0000-4000-8000-000000000110', '5eed0000-0000-4000-8000-000000000503', now() - interval '200 days'),
  ('5eed0000-0000-4000-8000-000000000110', '5eed0000-0000-4000-8000-000000000504', now() - interval '170 days'),
  ('5eed0000-0000-4000-8000-000000000102', '5eed0000-0000-4000-8000-000000000506', now() - interval '100 days'),
  ('5eed0000-0000-4000-8000-000000000103', '5eed0000-0000-4000-8000-000000000501', now() - interval '250 days'),
  ('5eed0000-0000-4000-8000-000000000103', '5eed0000-0000-4000-8000-000000000507', now() - interval '70 days');

-- ---------------------------------------------------------------------------
-- Investor content (issue 17, supabase/migrations/20261129000200_investor-content.sql,
-- decision 060): NDA version 1 (nobody has agreed yet, so the data-room
-- investor meets the NDA first), two folders, a document for every investor
-- and a data-room PDF, and two investor updates. The files are real PDFs in
-- supabase/seed-assets/investor_documents/<document id>/<version id>/, uploaded
-- after this seed; the sizes below are theirs. Ids 5eed…07NN.
-- ---------------------------------------------------------------------------
insert into public.nda_versions (version, body, published_at, published_by)
values (1,
  E'Mutual non-disclosure agreement (demo)\n\n1. Confidential information means every document in the Accord data room and anything learned from it.\n2. You will use it only to evaluate an investment in Accord, and will not share it with anyone outside your organisation without written consent.\n3. Every document you open is stamped with your e-mail address and the time, and each opening is recorded.\n4. These obligations last three years from the day you agree.',
  now() - interval '30 days', '5eed0000-0000-4000-8000-000000000001');

insert into public.investor_folders (id, name, position, created_at, created_by) values
  ('5eed0000-0000-4000-8000-000000000701', 'Company overview', 0, now() - interval '30 days', '5eed0000-0000-4000-8000-000000000001'),
  ('5eed0000-0000-4000-8000-000000000702', 'Financials', 1, now() - interval '30 days', '5eed0000-0000-4000-8000-000000000001');

insert into public.investor_documents (id, folder_id, title, description, level, created_at, created_by, updated_at) values
  ('5eed0000-0000-4000-8000-000000000711', '5eed0000-0000-4000-8000-000000000701', 'Accord one-pager',
   'What Accord does, for whom, and how the network grows.', 'lite',
   now() - interval '30 days', '5eed0000-0000-4000-8000-000000000001', now() - interval '30 days'),
  ('5eed0000-0000-4000-8000-000000000712', '5eed0000-0000-4000-8000-000000000702', 'Financial model 2026–2028',
   'Revenue, membership growth and cost assumptions. Confidential: shared under the NDA.', 'data_room',
   now() - interval '20 days', '5eed0000-0000-4000-8000-000000000001', now() - interval '20 days');

insert into public.investor_document_versions
  (id, document_id, version, storage_path, file_name, content_type, size_bytes, uploaded_at, uploaded_by)
values
  ('5eed0000-0000-4000-8000-000000000721', '5eed0000-0000-4000-8000-000000000711', 1,
   '5eed0000-0000-4000-8000-000000000711/5eed0000-0000-4000-8000-000000000721/accord-one-pager.pdf',
   'accord-one-pager.pdf', 'application/pdf', 867, now() - interval '30 days', '5eed0000-0000-4000-8000-000000000001'),
  ('5eed0000-0000-4000-8000-000000000722', '5eed0000-0000-4000-8000-000000000712', 1,
   '5eed0000-0000-4000-8000-000000000712/5eed0000-0000-4000-8000-000000000722/financial-model-2026.pdf',
   'financial-model-2026.pdf', 'application/pdf', 1234, now() - interval '20 days', '5eed0000-0000-4000-8000-000000000001');

update public.investor_documents d
   set current_version_id = v.id
  from public.investor_document_versions v
 where v.document_id = d.id and d.id in ('5eed0000-0000-4000-8000-000000000711', '5eed0000-0000-4000-8000-000000000712');

insert into public.investor_updates (id, title, body, published_at, created_by) values
  ('5eed0000-0000-4000-8000-000000000731', 'Ten member organisations in the registry',
   'Northwind Learning Trust and nine more organisations are now active in the registry, across education, healthcare and legal services.',
   now() - interval '14 days', '5eed0000-0000-4000-8000-000000000001'),
  ('5eed0000-0000-4000-8000-000000000732', 'Registry API opened to relying parties',
   'Relying parties can now look up any active member through the open registry API. From this month we count every lookup, and the figures appear on your dashboard.',
   now() - interval '3 days', '5eed0000-0000-4000-8000-000000000001');

-- ---------------------------------------------------------------------------
-- Member resources (issue 16, supabase/migrations/20261128000300_member-resources.sql,
-- decision 054): two published for every member, one for education only (so
-- Northwind sees it, new since its last visit, and a member of another sector
-- does not), and a draft members never see. The files are real PDFs in
-- supabase/seed-assets/member_resources/<version id>/<file name>, written by
-- `npx tsx scripts/generate-seed-resources.ts` and uploaded after this seed;
-- the sizes below are the ones that script printed. Ids 5eed…08NN.
-- ---------------------------------------------------------------------------
insert into public.resources
  (id, title, description, category, audience, sectors, published, published_at, content_updated_at, created_by, created_at, updated_at)
values
  ('5eed0000-0000-4000-8000-000000000811', 'Verification desk checklist',
   'What to do before, during and after a check at your front desk, on one page.',
   'Checklists', 'all_members', '{}', true, now() - interval '12 days', now() - interval '12 days',
   '5eed0000-0000-4000-8000-000000000001', now() - interval '13 days', now() - interval '12 days'),
  ('5eed0000-0000-4000-8000-000000000812', 'Accepting a partner''s verification',
   'When you may rely on another member''s check instead of repeating it, how to confirm the partner in the registry, and what to keep.',
   'Guides', 'all_members', '{}', true, now() - interval '40 days', now() - interval '40 days',
   '5eed0000-0000-4000-8000-000000000001', now() - interval '41 days', now() - interval '40 days'),
  ('5eed0000-0000-4000-8000-000000000813', 'Student identity at enrolment',
   'Checking a new student''s identity and prior qualifications once, so that partner institutions can rely on it.',
   'Guides', 'sectors', '{education}', true, now() - interval '4 days', now() - interval '4 days',
   '5eed0000-0000-4000-8000-000000000001', now() - interval '5 days', now() - interval '4 days'),
  ('5eed0000-0000-4000-8000-000000000814', 'Privacy notice template for verification',
   'A notice that tells people what your organisation checks, why, and how long it keeps the record.',
   'Templates', 'all_members', '{}', false, null, now() - interval '2 days',
   '5eed0000-0000-4000-8000-000000000001', now() - interval '2 days', now() - interval '2 days');

insert into public.resource_versions
  (id, resource_id, version_label, object_path, file_name, mime_type, byte_size, uploaded_by, uploaded_at)
values
  ('5eed0000-0000-4000-8000-000000000821', '5eed0000-0000-4000-8000-000000000811', '2026 edition',
   '5eed0000-0000-4000-8000-000000000821/verification-desk-checklist.pdf', 'verification-desk-checklist.pdf',
   'application/pdf', 23476, '5eed0000-0000-4000-8000-000000000001', now() - interval '13 days'),
  ('5eed0000-0000-4000-8000-000000000822', '5eed0000-0000-4000-8000-000000000812', '1.0',
   '5eed0000-0000-4000-8000-000000000822/accepting-a-partners-verification.pdf', 'accepting-a-partners-verification.pdf',
   'application/pdf', 25219, '5eed0000-0000-4000-8000-000000000001', now() - interval '41 days'),
  ('5eed0000-0000-4000-8000-000000000823', '5eed0000-0000-4000-8000-000000000813', '1.0',
   '5eed0000-0000-4000-8000-000000000823/student-identity-at-enrolment.pdf', 'student-identity-at-enrolment.pdf',
   'application/pdf', 24139, '5eed0000-0000-4000-8000-000000000001', now() - interval '5 days'),
  ('5eed0000-0000-4000-8000-000000000824', '5eed0000-0000-4000-8000-000000000814', 'Draft 1',
   '5eed0000-0000-4000-8000-000000000824/privacy-notice-template.pdf', 'privacy-notice-template.pdf',
   'application/pdf', 23769, '5eed0000-0000-4000-8000-000000000001', now() - interval '2 days');

update public.resources r
   set current_version_id = v.id
  from public.resource_versions v
 where v.resource_id = r.id and r.id in (
   '5eed0000-0000-4000-8000-000000000811', '5eed0000-0000-4000-8000-000000000812',
   '5eed0000-0000-4000-8000-000000000813', '5eed0000-0000-4000-8000-000000000814');

-- ---------------------------------------------------------------------------
-- A conversation (issue 13, supabase/migrations/20261127000100_conversations.sql):
-- Northwind asked, the network answered, Northwind replied. It is open,
-- assigned to the demo administrator and unread for the network's side, so
-- /admin/messages and /dashboard/messages both show a real thread. The
-- network's answer notifies Northwind's members through the usual trigger;
-- that notification is dated with the answer, read (Oliver replied after it)
-- and its e-mail marked sent, so no mail goes out when the seed runs. Id 5eed…0901.
-- ---------------------------------------------------------------------------
insert into public.conversations (id, organization_id, subject, status, assigned_to, created_by, created_at, last_message_at)
values ('5eed0000-0000-4000-8000-000000000901', '5eed0000-0000-4000-8000-000000000101',
  'A new school joining our trust in January', 'open', '5eed0000-0000-4000-8000-000000000001',
  '5eed0000-0000-4000-8000-000000000002', now() - interval '9 days', now() - interval '2 days');

insert into public.conversation_messages (conversation_id, organization_id, author_id, from_network, body, created_at) values
  ('5eed0000-0000-4000-8000-000000000901', '5eed0000-0000-4000-8000-000000000101', '5eed0000-0000-4000-8000-000000000002', false,
   E'Hello,\n\nSt Aidan''s Primary joins our trust in January. Is it covered by our membership, or does it need an application of its own? It will keep its own website for now.\n\nOliver',
   now() - interval '9 days'),
  ('5eed0000-0000-4000-8000-000000000901', '5eed0000-0000-4000-8000-000000000101', '5eed0000-0000-4000-8000-000000000001', true,
   E'Hello Oliver,\n\nA school that becomes part of the same legal entity, under your registration number, is covered by your membership: no new application is needed. Its staff can be invited from Members.\n\nIf relying parties should find it by its own website, add that domain under Organisation details; we approve the change and the registry shows it from then on.\n\nAmelia',
   now() - interval '8 days'),
  ('5eed0000-0000-4000-8000-000000000901', '5eed0000-0000-4000-8000-000000000101', '5eed0000-0000-4000-8000-000000000002', false,
   E'Thank you, that is clear. We will add the domain once the school''s new website is live in January.',
   now() - interval '2 days');

insert into public.conversation_reads (user_id, conversation_id, last_read_at) values
  ('5eed0000-0000-4000-8000-000000000002', '5eed0000-0000-4000-8000-000000000901', now() - interval '2 days'),
  ('5eed0000-0000-4000-8000-000000000001', '5eed0000-0000-4000-8000-000000000901', now() - interval '8 days');

update public.notifications
   set created_at = now() - interval '8 days', read_at = now() - interval '2 days'
 where kind = 'network_reply' and link = '/dashboard/messages'
   and user_id = '5eed0000-0000-4000-8000-000000000002';
update private.notification_emails e
   set sent_at = n.created_at
  from public.notifications n
 where n.id = e.notification_id and n.kind = 'network_reply' and n.user_id = '5eed0000-0000-4000-8000-000000000002';

-- ---------------------------------------------------------------------------
-- Billing (issue 25; docs/decisions/069-billing-model.md): the network as the
-- seller, EU VAT rates, and a membership for every approved organisation with
-- three months and more of invoices, made the way production makes them: the
-- renewal run (public.billing_run) on each day since, with the billing test
-- clock set to that day, and payments recorded as members paid. So the ledger
-- holds paid invoices, an unpaid one not yet due, overdue ones (Harbourview
-- over 30 days: on the overdue list; Beacon Lettings a week), a fully
-- credited invoice and a partial credit, a part payment, and Stadtwerke
-- Rheinfeld in Germany with a checked VAT number (reverse charge). Northwind,
-- the demo member's organisation, is outside the EU (no VAT) and in good standing.
-- ---------------------------------------------------------------------------
update public.billing_seller_settings
   set legal_name = 'Accord Trust Network B.V.', address_line1 = 'Herengracht 420', address_line2 = null,
       postal_code = '1017 BZ', city = 'Amsterdam', country = 'NL', vat_id = 'NL862637223B01',
       iban = 'NL91ABNA0417164300', bic = 'ABNANL2A', email = 'billing@accord.test';

insert into public.billing_vat_rates (country, rate_bp) values
  ('AT', 2000), ('BE', 2100), ('BG', 2000), ('HR', 2500), ('CY', 1900), ('CZ', 2100), ('DK', 2500),
  ('EE', 2400), ('FI', 2550), ('FR', 2000), ('DE', 1900), ('GR', 2400), ('HU', 2700), ('IE', 2300),
  ('IT', 2200), ('LV', 2100), ('LT', 2100), ('LU', 1700), ('MT', 1800), ('NL', 2100), ('PL', 2300),
  ('PT', 2300), ('RO', 2100), ('SK', 2300), ('SI', 2200), ('ES', 2100), ('SE', 2500);

-- The plans were inserted above at seed time; their prices applied from publication.
update public.pricing_plan_prices h
   set valid_from = p.published_at
  from public.pricing_plans p
 where p.id = h.plan_id and h.valid_to is null and p.published_at < h.valid_from;

insert into public.billing_profiles (organization_id, billing_name, address_line1, address_line2, postal_code, city, country,
  vat_id, vat_id_format_valid, vat_id_checked_at, billing_email, po_reference)
values
  ('5eed0000-0000-4000-8000-000000000101', null, 'Northwind House', '12 Deansgate', 'M3 2BW', 'Manchester', 'GB',
   null, null, null, 'accounts@northwind-learning.example', 'PO-2026-118'),
  ('5eed0000-0000-4000-8000-000000000102', null, 'Grand Canal Quay 4', null, 'D02 XK25', 'Dublin', 'IE',
   null, null, null, 'finance@harbourview-health.example', null),
  ('5eed0000-0000-4000-8000-000000000103', null, 'Damrak 70', null, '1012 LM', 'Amsterdam', 'NL',
   'NL004495445B01', true, now() - interval '100 days', 'crediteuren@grachtenbank.example', null),
  ('5eed0000-0000-4000-8000-000000000104', null, 'Straße des 17. Juni 12', null, '47495', 'Rheinberg', 'DE',
   'DE136695976', true, now() - interval '95 days', 'rechnungen@stadtwerke-rheinfeld.example', 'BEST-4471'),
  ('5eed0000-0000-4000-8000-000000000105', null, '14 quai Saint-Antoine', null, '69002', 'Lyon', 'FR',
   null, null, null, 'compta@voyages-lumiere.example', null),
  ('5eed0000-0000-4000-8000-000000000106', null, 'Calle de Alcalá 95', null, '28009', 'Madrid', 'ES',
   null, null, null, null, null),
  ('5eed0000-0000-4000-8000-000000000107', null, 'Dragarbrunnsgatan 46', null, '753 20', 'Uppsala', 'SE',
   null, null, null, 'faktura@nordljus-vard.example', null),
  ('5eed0000-0000-4000-8000-000000000108', null, 'Narva mnt 5', null, '10117', 'Tallinn', 'EE',
   null, null, null, null, null),
  ('5eed0000-0000-4000-8000-000000000109', null, '21 Queen Square', null, 'BS1 4ND', 'Bristol', 'GB',
   null, null, null, 'office@beacon-lettings.example', null),
  ('5eed0000-0000-4000-8000-000000000110', null, 'Coolsingel 40', null, '3011 AD', 'Rotterdam', 'NL',
   null, null, null, 'facturen@deltaland.example', null);

do $$
declare
  v_start date := (date_trunc('month', now()) - interval '3 months')::date;
  v_day date;
  v_org record;
  v_invoice record;
begin
  for v_org in
    select o.id, p.id as plan_id
      from (values ('5eed0000-0000-4000-8000-000000000101'::uuid, 'professional'), ('5eed0000-0000-4000-8000-000000000102'::uuid, 'scale'),
                   ('5eed0000-0000-4000-8000-000000000103'::uuid, 'professional'), ('5eed0000-0000-4000-8000-000000000104'::uuid, 'scale'),
                   ('5eed0000-0000-4000-8000-000000000105'::uuid, 'essentials'), ('5eed0000-0000-4000-8000-000000000106'::uuid, 'essentials'),
                   ('5eed0000-0000-4000-8000-000000000107'::uuid, 'professional'), ('5eed0000-0000-4000-8000-000000000108'::uuid, 'essentials'),
                   ('5eed0000-0000-4000-8000-000000000109'::uuid, 'essentials'), ('5eed0000-0000-4000-8000-000000000110'::uuid, 'professional')) o(id, slug)
      join public.pricing_plans p on p.slug = o.slug
  loop
    perform pg_catalog.set_config('accord.billing_now', ((v_start + time '09:00') at time zone 'Europe/Amsterdam')::text, true);
    insert into public.memberships (organization_id, plan_id, started_on, current_period_start, current_period_end)
    values (v_org.id, v_org.plan_id, v_start, v_start, (v_start + interval '1 month')::date);
    perform private.create_period_draft(v_org.id, v_org.plan_id, v_start);
  end loop;

  -- Every day since, as the schedule would have run it, with the members paying as they do.
  for v_day in select d::date from generate_series(v_start, (now() at time zone 'Europe/Amsterdam')::date, interval '1 day') d loop
    perform pg_catalog.set_config('accord.billing_now', ((v_day + time '09:00') at time zone 'Europe/Amsterdam')::text, true);
    perform public.billing_run();
    -- Voyages Lumière's second invoice was made in error: credited in full five days after issue.
    for v_invoice in
      select i.id from public.invoices i
       where i.organization_id = '5eed0000-0000-4000-8000-000000000105' and i.kind = 'invoice' and i.status = 'issued'
         and i.issue_date = v_day - 5 and i.period_start = (v_start + interval '1 month')::date
    loop
      perform private.create_credit_note(v_invoice.id, null,
        'Invoiced in error: the membership was paused for this month while the bookings system moved.');
    end loop;
    -- Grachtenbank's third invoice: a partial credit for a week of service outage.
    for v_invoice in
      select i.id, i.total_minor from public.invoices i
       where i.organization_id = '5eed0000-0000-4000-8000-000000000103' and i.kind = 'invoice' and i.status = 'issued'
         and i.issue_date = v_day - 2 and i.period_start = (v_start + interval '2 months')::date
    loop
      perform private.create_credit_note(v_invoice.id, v_invoice.total_minor / 4,
        'Goodwill credit: document verification was unavailable for a week.');
    end loop;
    -- Payments twelve days after issue, except Harbourview (stopped paying after
    -- its first invoice), Beacon Lettings (behind on its latest) and Talento
    -- Ibérico (paid half of its latest).
    for v_invoice in
      select i.id, i.organization_id, i.balance_minor, i.currency, i.number, i.issue_date
        from public.invoices i
       where i.kind = 'invoice' and i.status = 'issued' and i.balance_minor > 0 and i.issue_date = v_day - 12
    loop
      continue when v_invoice.organization_id = '5eed0000-0000-4000-8000-000000000102'
        and exists (select 1 from public.payments p where p.organization_id = v_invoice.organization_id);
      continue when v_invoice.organization_id = '5eed0000-0000-4000-8000-000000000109'
        and v_invoice.issue_date > (now() at time zone 'Europe/Amsterdam')::date - 50;
      perform private.record_payment(v_invoice.organization_id,
        case when v_invoice.organization_id = '5eed0000-0000-4000-8000-000000000106'
               and v_invoice.issue_date > (now() at time zone 'Europe/Amsterdam')::date - 40
             then v_invoice.balance_minor / 2 else v_invoice.balance_minor end,
        v_invoice.currency, v_day, 'bank_transfer', v_invoice.number,
        null, 'seed:' || v_invoice.id::text);
    end loop;
  end loop;
  perform pg_catalog.set_config('accord.billing_now', '', true);
end;
$$;

-- The billing notifications above happened in the past: their e-mails count as sent.
update private.notification_emails e
   set sent_at = n.created_at
  from public.notifications n
 where n.id = e.notification_id and n.kind in ('invoice_issued', 'billing_reminder');
-- And the documents went to the billing addresses when they were issued.
update private.invoice_emails set sent_at = created_at where sent_at is null;

-- The ledger's history happened on the days the documents carry, not when the
-- seed ran: each document's issue and each payment at the seed's billing hour.
update public.network_activity a
   set occurred_at = (i.issue_date + time '09:00') at time zone 'Europe/Amsterdam'
  from public.invoices i
 where a.action in ('invoice.issued', 'credit_note.issued')
   and a.details ->> 'invoice_id' = i.id::text and i.issue_date is not null;
update public.network_activity a
   set occurred_at = (p.received_on + time '10:00') at time zone 'Europe/Amsterdam'
  from public.payments p
 where a.action = 'payment.recorded' and a.details ->> 'payment_id' = p.id::text;
