import nodemailer from 'npm:nodemailer@^7.0.6';

/**
 * Outgoing mail over SMTP, configured by environment variables (the contract is
 * in docs/decisions/013-admin-invitation-delivery.md):
 *
 * - SMTP_HOST, SMTP_PORT: the server. Hosted Edge Functions may not connect to
 *   ports 25 and 587, so a hosted project uses its provider's port 465 (implicit TLS).
 * - SMTP_SECURE: "true" for implicit TLS; defaults to true on port 465 only.
 * - SMTP_USER, SMTP_PASS: credentials; empty for the local mail catcher.
 * - MAIL_FROM: the sender, e.g. `Accord <no-reply@accord.example>`.
 */
export interface OutgoingMail {
  /**
   * One recipient. Prefer the object form for an address someone typed: a
   * string is parsed as an address list ("a,victim@x.org" is victim@x.org),
   * an object is one mailbox whose name is encoded, never parsed.
   */
  to: string | { name: string; address: string };
  subject: string;
  html: string;
  text: string;
  /** Files sent with the message (an invoice's PDF). */
  attachments?: { filename: string; content: Uint8Array; contentType: string }[];
}

export class MailConfigError extends Error {}

/** Base64 without node:buffer, whose types Deno's offline check cannot find; in slices, as apply() has an argument limit. */
function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export async function sendMail(mail: OutgoingMail): Promise<void> {
  const host = Deno.env.get('SMTP_HOST');
  const from = Deno.env.get('MAIL_FROM');
  if (!host || !from) throw new MailConfigError('SMTP_HOST and MAIL_FROM must be set to send e-mail.');
  const port = Number(Deno.env.get('SMTP_PORT') || 465);
  const secure = (Deno.env.get('SMTP_SECURE') || String(port === 465)) === 'true';
  const user = Deno.env.get('SMTP_USER');
  const transport = nodemailer.createTransport({
    host,
    port,
    secure,
    auth: user ? { user, pass: Deno.env.get('SMTP_PASS') ?? '' } : undefined,
    // Only the unauthenticated local catcher is spoken to without TLS.
    ignoreTLS: !secure && !user,
  });
  try {
    await transport.sendMail({
      from,
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      attachments: mail.attachments?.map((file) => ({ filename: file.filename, content: toBase64(file.content), encoding: 'base64', contentType: file.contentType })),
    });
  } finally {
    transport.close();
  }
}
