import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackConfig } from '../../supabase/local/config.ts';
import { appStarted, launchBrowser } from '../support/browser.ts';
import { linkIn, mailIds, nextMail } from '../support/inbox.ts';
import { asAnon, sql } from '../support/users.ts';

/**
 * Onboarding to approval, end to end in Chromium against the local stack
 * (auth service and inbox, PostgREST, Storage, the review-application Edge
 * Function): a new applicant signs up through the inbox, completes every
 * step, reloads half-way without losing anything, submits and is held at
 * /application-pending; an administrator approves from /admin/applications;
 * the applicant reaches /dashboard and a visitor finds the organisation in
 * /trust-registry. A second applicant is rejected with a reason and sees it.
 */
const config = stackConfig('test');
let browser: Browser;
const files = mkdtempSync(join(tmpdir(), 'accord-e2e-'));
const proofPdf = join(files, 'certificate-of-incorporation.pdf');
writeFileSync(proofPdf, `%PDF-1.7\n% Certificate of incorporation\n${' '.repeat(2000)}\n%%EOF\n`);
const replacementPdf = join(files, 'certificate-2026.pdf');
writeFileSync(replacementPdf, `%PDF-1.7\n% Certificate of incorporation, 2026\n${' '.repeat(2000)}\n%%EOF\n`);

const uniqueEmail = (label: string) => `${label}.${randomUUID().slice(0, 8)}@e2e.accord.test`;

interface Applicant {
  email: string;
  legalName: string;
  registrationNumber: string;
  context: BrowserContext;
  page: Page;
}

async function newApplicant(label: string, legalName: string): Promise<Applicant> {
  const context = await browser.newContext();
  const page = await context.newPage();
  return { email: uniqueEmail(label), legalName, registrationNumber: `E2E${Date.now()}${label.length}`, context, page };
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 2, name });
const stepParam = (page: Page) => new URL(page.url()).searchParams.get('step');

/** Step 1 signed out: the sign-up link, opened from the inbox, brings the applicant back signed in. */
async function signUp(applicant: Applicant, startAt = '/onboarding?step=3'): Promise<void> {
  const { page, email } = applicant;
  await page.goto(`${config.appUrl}${startAt}`);
  await heading(page, /Create your account/).waitFor();
  const seen = await mailIds(email);
  await page.getByRole('textbox', { name: /Work e-mail/ }).fill(email);
  await page.getByRole('button', { name: 'Send sign-up link' }).click();
  await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
  await page.goto(linkIn(await nextMail(email, seen)));
  await page.waitForURL((url) => url.pathname === '/onboarding');
  await page.getByText(/You are signed in as/).waitFor();
}

async function fillOrganisation(page: Page, applicant: Applicant): Promise<void> {
  await page.getByRole('textbox', { name: /Legal name/ }).fill(applicant.legalName);
  await page.getByRole('textbox', { name: /Registration number/ }).fill(applicant.registrationNumber);
  await page.getByRole('combobox', { name: /Country of registration/ }).selectOption('GB');
  // Its own domain: the registry refuses a second organisation on a member's domain.
  await page.getByRole('textbox', { name: /Website/ }).fill(`https://clinic-${applicant.registrationNumber.toLowerCase()}.example`);
  await page.getByRole('combobox', { name: /Sector/ }).selectOption('healthcare');
  await page.getByRole('combobox', { name: /Size/ }).selectOption('10-49');
}

async function fillContact(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: /Contact person/ }).fill('Grace Hopper');
  await page.getByRole('textbox', { name: /Phone/ }).fill('+44 20 7946 0000');
  await page.getByRole('checkbox', { name: 'Healthcare' }).check();
  await page.getByRole('checkbox', { name: 'Online registration' }).check();
  await page.getByRole('textbox', { name: /Expected verifications/ }).fill('1200');
}

/** A new applicant signs up from /onboarding and fills steps 1 to 3; the documents step is next. */
async function applicantAtDocuments(label: string, legalName: string): Promise<Applicant> {
  const applicant = await newApplicant(label, legalName);
  await signUp(applicant, '/onboarding');
  const { page } = applicant;
  await page.getByRole('button', { name: 'Continue' }).click();
  await fillOrganisation(page, applicant);
  await page.getByRole('button', { name: 'Next' }).click();
  await fillContact(page);
  await page.getByRole('button', { name: 'Next' }).click();
  return applicant;
}

async function uploadProofAndReview(page: Page): Promise<void> {
  await heading(page, /Documents/).waitFor();
  await page.getByLabel(/Proof of registration/).setInputFiles(proofPdf);
  await page.getByText('certificate-of-incorporation.pdf', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Next' }).click();
  await heading(page, /Review and submit/).waitFor();
  // The address bar follows the step right after it renders; Back must see that entry.
  await page.waitForURL((url) => url.searchParams.get('step') === '5');
}

async function submit(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: /I confirm/ }).check();
  await page.getByRole('button', { name: 'Submit application' }).click();
  await page.waitForURL((url) => url.pathname === '/application-submitted');
}

/** Signs in through a login page and the inbox; resolves once the callback has moved on. */
async function signIn(page: Page, loginPath: '/login' | '/accord-login', email: string): Promise<void> {
  const seen = await mailIds(email);
  await page.goto(`${config.appUrl}${loginPath}`);
  await page.getByRole('textbox', { name: loginPath === '/login' ? 'Work e-mail' : 'Administrator e-mail' }).fill(email);
  await page.getByRole('button', { name: 'Send magic link' }).click();
  await page.getByText(/check your inbox/i).first().waitFor();
  await page.goto(linkIn(await nextMail(email, seen)));
  await page.waitForURL((url) => url.origin === config.appUrl && url.pathname !== '/auth/callback');
}

async function organisationId(legalName: string): Promise<string> {
  const [row] = await sql<{ id: string }>('select id from public.organizations where legal_name = $1', [legalName]);
  expect(row, `organisation ${legalName} exists`).toBeDefined();
  return row.id;
}

let admin: BrowserContext;
let adminPage: Page;

/** The administrator opens the application from the queue (searching for it). */
async function openInQueue(legalName: string): Promise<void> {
  await adminPage.goto(`${config.appUrl}/admin/applications`);
  await adminPage.getByRole('heading', { level: 1, name: 'Applications' }).waitFor();
  await adminPage.getByRole('searchbox', { name: 'Search applications' }).fill(legalName);
  await adminPage.getByRole('list', { name: 'Applications' }).getByRole('button', { name: new RegExp(legalName) }).click();
  await adminPage.getByRole('heading', { level: 2, name: legalName }).waitFor();
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await browser.newContext();
  adminPage = await admin.newPage();
});

afterAll(async () => {
  await browser?.close();
});

describe('onboarding to approval', () => {
  let applicant: Applicant;
  let orgId: string;

  it('a visitor asking for step 3 is shown step 1, signs up through the inbox and continues signed in', async () => {
    applicant = await newApplicant('applicant', `Harbour Clinic ${randomUUID().slice(0, 6)} Ltd`);
    await signUp(applicant);
    expect(stepParam(applicant.page)).toBe('1');
    await applicant.page.getByRole('button', { name: 'Continue' }).click();
    await heading(applicant.page, /Organisation/).waitFor();
    expect(stepParam(applicant.page)).toBe('2');
  });

  it('Next refuses an incomplete step and says what is wrong at each field', async () => {
    const { page } = applicant;
    await page.getByRole('button', { name: 'Next' }).click();
    const legalName = page.getByRole('textbox', { name: /Legal name/ });
    await expect.poll(() => legalName.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('legalName');
    await page.getByText('Enter the organisation’s legal name.').waitFor();
    await page.getByText('Choose a sector.').waitFor();
    expect(stepParam(page)).toBe('2');
  });

  it('the draft is saved as they type and survives a reload; a pasted ?step=5 stops at the first incomplete step', async () => {
    const { page } = applicant;
    await fillOrganisation(page, applicant);
    await page.getByText('All changes saved').waitFor();
    await page.reload();
    await expect.poll(() => page.getByRole('textbox', { name: /Legal name/ }).inputValue()).toBe(applicant.legalName);
    await expect(page.getByRole('combobox', { name: /Sector/ }).inputValue()).resolves.toBe('healthcare');
    expect(stepParam(page)).toBe('2');

    await page.goto(`${config.appUrl}/onboarding?step=5`);
    await heading(page, /Contact and use/).waitFor();
    expect(stepParam(page)).toBe('3');
  });

  it('completes contact and documents (a real PDF upload), and Back never loses anything', async () => {
    const { page } = applicant;
    await fillContact(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await uploadProofAndReview(page);

    // Browser Back returns to the documents step with the upload still there; Forward to the review.
    await page.goBack();
    await heading(page, /Documents/).waitFor();
    expect(stepParam(page)).toBe('4');
    await page.getByText('certificate-of-incorporation.pdf').waitFor();
    await page.goForward();
    await heading(page, /Review and submit/).waitFor();
    await page.getByText(applicant.legalName).first().waitFor();
    await page.getByText('Grace Hopper').waitFor();

    // The edit link goes back to the section; the page's Back button keeps the answers.
    await page.getByRole('button', { name: 'Edit contact and use' }).click();
    await heading(page, /Contact and use/).waitFor();
    await expect(page.getByRole('textbox', { name: /Phone/ }).inputValue()).resolves.toBe('+44 20 7946 0000');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: /Legal name/ }).inputValue()).toBe(applicant.legalName);
    await page.goto(`${config.appUrl}/onboarding?step=5`);
    await heading(page, /Review and submit/).waitFor();
  });

  it('Submit without consent is refused; with it the organisation is created and the applicant is told so', async () => {
    const { page } = applicant;
    await page.getByRole('button', { name: 'Submit application' }).click();
    await page.getByText('Confirm that the information is accurate and that you accept the terms.').waitFor();
    await submit(page);
    await page.getByText('Organization created').first().waitFor();
    await page.getByText('Your organization has been created successfully.').first().waitFor();
    await page.getByRole('heading', { name: 'What happens next' }).waitFor();

    orgId = await organisationId(applicant.legalName);
    const [membership] = await sql<{ role: string }>(
      `select m.role from public.organization_members m join auth.users u on u.id = m.user_id where u.email = $1`,
      [applicant.email],
    );
    expect(membership.role).toBe('admin');
    expect(await sql('select 1 from public.application_drafts d join auth.users u on u.id = d.user_id where u.email = $1', [applicant.email])).toEqual([]);
  });

  it('the applicant is held at /application-pending, with the submission in the timeline', async () => {
    const { page } = applicant;
    await page.getByRole('link', { name: 'Follow your application' }).click();
    await page.waitForURL((url) => url.pathname === '/application-pending');
    await page.getByRole('heading', { level: 1, name: 'Application under review' }).waitFor();
    await page.getByRole('list', { name: 'Application history' }).getByText('Application submitted').waitFor();

    await page.goto(`${config.appUrl}/dashboard`);
    await page.waitForURL((url) => url.pathname === '/application-pending');
  });

  it('an administrator finds it in the queue, opens its document through a signed URL, and approves it', async () => {
    await signIn(adminPage, '/accord-login', 'admin@accord.test');
    await openInQueue(applicant.legalName);
    await adminPage.getByText('Grace Hopper').waitFor();

    const [documentPage] = await Promise.all([admin.waitForEvent('page'), adminPage.getByRole('button', { name: 'Open proof of registration' }).click()]);
    await documentPage.waitForURL(/\/storage\/v1\/object\/sign\/application_documents\//);
    await documentPage.close();

    const seen = await mailIds(applicant.email);
    await adminPage.getByRole('button', { name: 'Approve', exact: true }).click();
    await adminPage.getByRole('button', { name: 'Approve and publish' }).click();
    await adminPage.getByText('Application approved').first().waitFor();
    const mail = await nextMail(applicant.email, seen);
    expect(mail.subject).toBe('Your application to join Accord has been approved');
    await adminPage.getByRole('list', { name: 'Application history' }).getByText('Approved').waitFor();
  });

  it('the applicant now reaches /dashboard', async () => {
    const { page } = applicant;
    await page.goto(`${config.appUrl}/application-pending`);
    await page.waitForURL((url) => url.pathname === '/dashboard');
  });

  it('the organisation is public: a visitor finds it in /trust-registry, active from today, and opens its profile', async () => {
    const visitor = await browser.newContext();
    const page = await visitor.newPage();
    await page.goto(`${config.appUrl}/trust-registry`);
    await page.getByRole('heading', { level: 1, name: 'Trust registry' }).waitFor();
    await appStarted(page);
    await page.getByRole('searchbox', { name: 'Organisation name' }).fill(applicant.legalName);
    await page.getByRole('button', { name: 'Search' }).click();
    const card = page.getByRole('list', { name: 'Organisations' }).getByRole('listitem');
    await expect.poll(() => card.count()).toBe(1);
    await card.getByText('Active', { exact: true }).waitFor();
    await card.getByText('Healthcare · United Kingdom').waitFor();

    await card.getByRole('link', { name: applicant.legalName }).click();
    await page.waitForURL(`${config.appUrl}/trust-registry/${orgId}`);
    await page.getByRole('heading', { level: 1, name: applicant.legalName }).waitFor();
    const today = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date());
    await page.getByText(`Active since ${today}`).first().waitFor();
    await page.getByRole('list', { name: 'Status history' }).getByText('Approved and listed in the registry').waitFor();
    // What the applicant told the network privately is nowhere on the public page.
    await expect(page.getByText('Grace Hopper').count()).resolves.toBe(0);
    await visitor.close();
  });
});

describe('a rejected applicant', () => {
  it('submits, is rejected with a reason by an administrator, and sees the reason', async () => {
    const applicant = await applicantAtDocuments('rejected', `Shady Widgets ${randomUUID().slice(0, 6)} Ltd`);
    const { page } = applicant;
    await uploadProofAndReview(page);
    await submit(page);

    await openInQueue(applicant.legalName);
    await adminPage.getByRole('button', { name: 'Reject', exact: true }).click();
    await adminPage.getByRole('button', { name: 'Reject application' }).click();
    await adminPage.getByText('Give the applicant a reason for the rejection.').waitFor();
    const reason = 'The registration number belongs to a different company.';
    const seen = await mailIds(applicant.email);
    await adminPage.getByRole('textbox', { name: 'Reason for the rejection' }).fill(reason);
    await adminPage.getByRole('button', { name: 'Reject application' }).click();
    await adminPage.getByText('Application rejected').first().waitFor();
    expect((await nextMail(applicant.email, seen)).text).toContain(reason);

    await page.goto(`${config.appUrl}/application-pending`);
    await page.getByRole('heading', { level: 1, name: 'Application not approved' }).waitFor();
    await page.getByText(reason).first().waitFor();
    // Rejected organisations are never published.
    const { data } = await asAnon().rpc('registry_search', { p_query: applicant.legalName });
    expect(data).toEqual([]);
    await page.goto(`${config.appUrl}/dashboard`);
    await page.waitForURL((url) => url.pathname === '/application-pending');
  });
});

describe('a change request answered with a new proof of registration (issue 12: evidence is never overwritten)', () => {
  it('the applicant uploads a new file with the answer; the reviewer sees it and can still open the first one', async () => {
    const applicant = await applicantAtDocuments('changes', `Quayside Surgery ${randomUUID().slice(0, 6)} Ltd`);
    const { page } = applicant;
    // Before Submit, choosing another file replaces the draft's upload and tidies the first away.
    await heading(page, /Documents/).waitFor();
    await page.getByLabel(/Proof of registration/).setInputFiles(replacementPdf);
    await page.getByText('certificate-2026.pdf', { exact: true }).waitFor();
    await page.getByLabel('Replace proof of registration').setInputFiles(proofPdf);
    await page.getByText('certificate-of-incorporation.pdf', { exact: true }).waitFor();
    const draftObjects = () =>
      sql(
        `select o.name from storage.objects o
           join public.application_drafts d on o.name like d.organization_id::text || '/%'
           join auth.users u on u.id = d.user_id
          where o.bucket_id = 'application_documents' and u.email = $1`,
        [applicant.email],
      );
    await expect.poll(async () => (await draftObjects()).length).toBe(1);
    await page.getByRole('button', { name: 'Next' }).click();
    await heading(page, /Review and submit/).waitFor();
    await submit(page);
    const orgId = await organisationId(applicant.legalName);
    const [first] = await sql<{ path: string }>('select registration_document_path as path from public.organization_applications where organization_id = $1', [orgId]);
    expect(first.path).toMatch(new RegExp(`^${orgId}/registration-[0-9a-f-]{36}\\.pdf$`));

    await openInQueue(applicant.legalName);
    await adminPage.getByRole('button', { name: 'Request changes' }).click();
    await adminPage.getByRole('textbox', { name: 'What should the applicant change or add?' }).fill('Please upload a certificate dated this year.');
    await adminPage.getByRole('button', { name: 'Send request' }).click();
    await adminPage.getByText('Changes requested').first().waitFor();

    await page.goto(`${config.appUrl}/application-pending`);
    await page.getByRole('heading', { level: 1, name: 'Changes requested' }).waitFor();
    await page.getByRole('textbox', { name: 'Your answer' }).fill('Here is the certificate dated this year.');
    await page.getByLabel(/New proof of registration/).setInputFiles(proofPdf);
    await page.getByRole('button', { name: 'Send answer' }).click();
    const history = page.getByRole('list', { name: 'Application history' });
    await history.getByText('Here is the certificate dated this year.').waitFor();
    await history.getByText('A new proof of registration was sent with this answer.').waitFor();

    const documents = await sql<{ path: string; superseded: boolean }>(
      'select object_path as path, superseded_at is not null as superseded from public.application_documents where organization_id = $1 order by id',
      [orgId],
    );
    expect(documents).toHaveLength(2);
    expect(documents[0]).toEqual({ path: first.path, superseded: true });
    expect(documents[1]).toMatchObject({ path: expect.stringMatching(/\/registration-[0-9a-f-]{36}\.pdf$/), superseded: false });

    await openInQueue(applicant.legalName);
    await adminPage.getByRole('list', { name: 'Application history' }).getByText('A new proof of registration was sent with this answer.').waitFor();
    const earlier = adminPage.getByRole('list', { name: 'Earlier versions of the proof of registration' });
    const [firstDocument] = await Promise.all([admin.waitForEvent('page'), earlier.getByRole('button', { name: /^Open the proof of registration submitted/ }).click()]);
    await firstDocument.waitForURL((url) => url.pathname.endsWith(first.path));
    await firstDocument.close();
  });
});
