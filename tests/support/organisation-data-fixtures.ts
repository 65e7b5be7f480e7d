import { randomUUID } from 'node:crypto';
import { addMember, createOrganization } from './db-fixtures.ts';
import { draftInvoice, ensureSeller, issueAt } from './billing-fixtures.ts';
import { pdfBytes, pngBytes } from './storage-files.ts';
import { asServiceRole, newUser, sql, type TestUser } from './users.ts';

/**
 * An organisation holding a bit of everything the export and erasure deal
 * with (decision 076): an administrator and a member with profiles, its
 * application with an event, a conversation with a message and an attached
 * file, a notification, an activity entry, a billing profile, an issued
 * invoice and a draft, and stored files in every organisation bucket (logo,
 * evidence, attachment, invoice PDF).
 */
export interface OrganisationWithData {
  id: string;
  name: string;
  domain: string;
  admin: TestUser;
  member: TestUser;
  issuedInvoiceId: string;
  files: { bucket: string; path: string; bytes: Buffer }[];
}

async function upload(bucket: string, path: string, bytes: Buffer, contentType: string): Promise<void> {
  const { error } = await asServiceRole().storage.from(bucket).upload(path, bytes, { contentType, upsert: false });
  if (error) throw new Error(`Uploading ${bucket}/${path} failed: ${error.message}`);
}

export async function organisationWithData(name: string, label = 'org-data'): Promise<OrganisationWithData> {
  await ensureSeller();
  // Named before approval: an approved organisation's registered facts are locked.
  const id = await createOrganization(null, { status: 'approved', name });
  await sql(
    `insert into public.billing_profiles (organization_id, address_line1, postal_code, city, country) values ($1, 'Teststraat 1', '1000 AA', 'Testdorp', 'NL')`,
    [id],
  );
  await sql('update public.organizations set description = $2, contact_email = $3 where id = $1', [
    id,
    `${name} verifies identities for its customers.`,
    `contact-${randomUUID().slice(0, 8)}@example.com`,
  ]);
  // Its website, as an operator with a reason sets a registered fact: the registry answers by domain.
  const domain = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.nl`;
  await sql(
    `do $$ begin perform set_config('accord.registered_facts_change', 'fixture', true);
       update public.organizations set website = 'https://${domain}' where id = '${id}'; end $$`,
  );
  const admin = await newUser(`${label}-admin`);
  const member = await newUser(`${label}-member`);
  await addMember(id, admin, 'admin');
  await addMember(id, member, 'member');

  await sql(`insert into public.application_events (organization_id, type, message, actor_id) values ($1, 'changes_requested', 'Please add the registration.', $2)`, [id, admin.id]);
  const [conversation] = await sql<{ id: string }>(
    `insert into public.conversations (organization_id, subject, created_by) values ($1, 'Our registration', $2) returning id`,
    [id, admin.id],
  );
  const [message] = await sql<{ id: string }>(
    `insert into public.conversation_messages (conversation_id, organization_id, author_id, from_network, body) values ($1, $2, $3, false, 'Here is the extract.') returning id`,
    [conversation.id, id, admin.id],
  );
  const attachment = pdfBytes(200, `attachment of ${name}`);
  const attachmentPath = `${id}/${conversation.id}/extract.pdf`;
  await upload('conversation_attachments', attachmentPath, attachment, 'application/pdf');
  await sql(
    `insert into public.conversation_attachments (message_id, conversation_id, organization_id, object_path, name, mime_type, byte_size)
     values ($1, $2, $3, $4, 'extract.pdf', 'application/pdf', $5)`,
    [message.id, conversation.id, id, attachmentPath, attachment.length],
  );
  await sql(
    `insert into public.notifications (user_id, organization_id, kind, title, body, link) values ($1, $2, 'network_reply', 'A reply', 'The network answered.', '/dashboard/messages')`,
    [member.id, id],
  );
  await sql(`insert into public.network_activity (actor_id, action, organization_id, details) values ($1, 'test.note', $2, $3)`, [
    admin.id,
    id,
    { organization_name: name, email: admin.email },
  ]);

  const issued = await draftInvoice(id, [{ amountMinor: 10000, rateBp: null }]);
  const issuedRow = await issueAt(issued, '2080-01-02T09:00:00Z');
  await draftInvoice(id, [{ amountMinor: 5000, rateBp: null }]);

  const logo = pngBytes(120);
  const evidence = pdfBytes(300, `registration of ${name}`);
  const invoicePdf = pdfBytes(150, `invoice of ${name}`);
  const files = [
    { bucket: 'brand_assets', path: `${id}/logo.png`, bytes: logo },
    { bucket: 'application_documents', path: `${id}/registration.pdf`, bytes: evidence },
    { bucket: 'conversation_attachments', path: attachmentPath, bytes: attachment },
    { bucket: 'invoices', path: `${id}/${issuedRow.id}.pdf`, bytes: invoicePdf },
  ];
  await upload('brand_assets', files[0].path, logo, 'image/png');
  await upload('application_documents', files[1].path, evidence, 'application/pdf');
  await upload('invoices', files[3].path, invoicePdf, 'application/pdf');
  await sql('update public.organizations set logo_path = $2 where id = $1', [id, files[0].path]);
  await sql('update public.organization_applications set registration_document_path = $2 where organization_id = $1', [id, files[1].path]);
  return { id, name, domain, admin, member, issuedInvoiceId: issuedRow.id, files };
}

/** A second organisation whose name differs from `name` by one word, with data of its own: it must never be touched. */
export async function neighbourOf(name: string): Promise<OrganisationWithData> {
  return organisationWithData(`${name} Holding`, 'org-data-neighbour');
}

