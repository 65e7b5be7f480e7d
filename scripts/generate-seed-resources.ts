import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from '../tests/support/browser.ts';

/**
 * `npx tsx scripts/generate-seed-resources.ts`: writes the member resources
 * that supabase/seed.sql lists as PDFs to
 * supabase/seed-assets/member_resources/<version id>/<file name>, and prints
 * each file's size for the seed's resource_versions rows (the seed records the
 * size Storage would). The PDFs are committed; this script exists so they can
 * be rewritten as text rather than edited as binaries. Chromium prints the HTML.
 */
const OUT_DIR = join(import.meta.dirname, '../supabase/seed-assets/member_resources');

interface SeedResource {
  versionId: string;
  fileName: string;
  title: string;
  body: string;
}

const RESOURCES: SeedResource[] = [
  {
    versionId: '5eed0000-0000-4000-8000-000000000821',
    fileName: 'verification-desk-checklist.pdf',
    title: 'Verification desk checklist',
    body: `
      <p class="lead">For the people at your front desk who check a person's identity or documents before a trusted interaction.</p>
      <h2>Before the check</h2>
      <ol>
        <li>Confirm which check the interaction needs and the level of assurance it asks for.</li>
        <li>If another organisation already made the check, look that organisation up in the Accord trust registry and note its status on the date of the check.</li>
        <li>Use only the verification schemas your organisation declared as active.</li>
      </ol>
      <h2>During the check</h2>
      <ol>
        <li>Compare the document with the person in front of you, not with a copy.</li>
        <li>Check the issuer's security features listed in the schema.</li>
        <li>Record the attributes the schema names, and nothing more.</li>
      </ol>
      <h2>After the check</h2>
      <ol>
        <li>Record who checked, when and to which schema.</li>
        <li>If anything did not match, stop and ask a colleague; do not accept a partial check.</li>
        <li>Report a suspected forgery to your organisation's admin the same day.</li>
      </ol>`,
  },
  {
    versionId: '5eed0000-0000-4000-8000-000000000822',
    fileName: 'accepting-a-partners-verification.pdf',
    title: "Accepting a partner's verification",
    body: `
      <p class="lead">When a person has been verified by another member, you can accept that check instead of repeating it. This guide explains when and how.</p>
      <h2>When you may accept it</h2>
      <ul>
        <li>The partner was an active member of the network on the day it made the check.</li>
        <li>The check was made to a schema your organisation also accepts, at the level of assurance you need.</li>
        <li>The evidence reached you directly from the partner, not through the person.</li>
      </ul>
      <h2>How to check the partner</h2>
      <p>Search the trust registry by name, registration number or domain. Open the organisation and read its status and the date that status took effect. If the registry shows the membership was suspended or revoked before the check was made, do not accept it.</p>
      <h2>What to keep</h2>
      <p>Keep the partner's name, its registration number, the date of the check and the registry status you saw. That record is what an auditor will ask for.</p>`,
  },
  {
    versionId: '5eed0000-0000-4000-8000-000000000823',
    fileName: 'student-identity-at-enrolment.pdf',
    title: 'Student identity at enrolment',
    body: `
      <p class="lead">For admissions and registry teams in education: checking a new student's identity and prior qualifications once, so that partner institutions can rely on it.</p>
      <h2>Identity</h2>
      <p>Check a government-issued identity document in person or by a certified remote check. Record the document type, issuing country and the attributes the identity schema names.</p>
      <h2>Qualifications</h2>
      <p>Confirm a diploma with the awarding institution or its national register, or accept a digitally signed credential verified against the institution's key, as the diploma schema describes.</p>
      <h2>Exchanges and transfers</h2>
      <p>When a student moves to a partner institution in the network, the partner can rely on your enrolment check. Make sure your organisation's details in the registry are current, so the partner can confirm your membership on the date of the check.</p>`,
  },
  {
    versionId: '5eed0000-0000-4000-8000-000000000824',
    fileName: 'privacy-notice-template.pdf',
    title: 'Privacy notice template for verification',
    body: `
      <p class="lead">A template notice that tells people what your organisation checks, why, and how long it keeps the record. Adapt the parts in brackets.</p>
      <h2>What we check</h2>
      <p>[Organisation] checks your identity and [documents] before [the interaction], to the standards of the Accord trust framework.</p>
      <h2>What we keep</h2>
      <p>We keep the attributes the check needs, who made the check and when, for [period]. We do not keep copies of your documents unless the law requires it.</p>
      <h2>Who relies on it</h2>
      <p>Other members of the Accord network may rely on our check instead of repeating it. They receive only the result and the attributes they need.</p>`,
  },
];

const page = (resource: SeedResource) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${resource.title}</title><style>
  body { font: 11pt/1.5 'DejaVu Sans', sans-serif; color: #1a202c; margin: 0; }
  header { border-bottom: 3px solid #1d5c5b; padding-bottom: 8pt; margin-bottom: 16pt; }
  .brand { color: #1d5c5b; font-weight: bold; letter-spacing: .08em; text-transform: uppercase; font-size: 9pt; }
  h1 { font-size: 20pt; margin: 4pt 0 0; }
  h2 { font-size: 13pt; color: #1d5c5b; margin: 16pt 0 4pt; }
  .lead { font-size: 12pt; color: #2d3748; }
  li { margin: 3pt 0; }
  footer { margin-top: 24pt; font-size: 8.5pt; color: #4a5568; border-top: 1px solid #cbd5e0; padding-top: 6pt; }
</style></head><body>
  <header><div class="brand">Accord · Member resource</div><h1>${resource.title}</h1></header>
  ${resource.body}
  <footer>Published by Accord for its member organisations. Demo content for the local stack.</footer>
</body></html>`;

rmSync(OUT_DIR, { recursive: true, force: true });
const browser = await launchBrowser();
try {
  const context = await browser.newContext();
  const tab = await context.newPage();
  for (const resource of RESOURCES) {
    await tab.setContent(page(resource));
    const pdf = await tab.pdf({ format: 'A4', margin: { top: '20mm', bottom: '20mm', left: '20mm', right: '20mm' } });
    mkdirSync(join(OUT_DIR, resource.versionId), { recursive: true });
    writeFileSync(join(OUT_DIR, resource.versionId, resource.fileName), pdf);
    console.log(`${resource.versionId}/${resource.fileName}\t${pdf.length} bytes`);
  }
} finally {
  await browser.close();
}
