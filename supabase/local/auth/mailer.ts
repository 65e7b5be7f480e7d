import nodemailer from 'nodemailer';
import { internal } from './errors.ts';
import { renderEmail, type TemplateInput } from './email-templates.ts';

/** Sends the auth e-mails over SMTP (the local mail catcher). */
export interface Mailer {
  send(to: string, input: TemplateInput): Promise<void>;
  close(): void;
}

export function createMailer(smtp: { host: string; port: number }, sender: { email: string; name: string }): Mailer {
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: false,
    // The catcher speaks plain SMTP on loopback.
    ignoreTLS: true,
  });
  return {
    async send(to, input) {
      const { subject, html, text } = renderEmail(input);
      try {
        await transport.sendMail({ from: { name: sender.name, address: sender.email }, to, subject, html, text });
      } catch (error) {
        throw internal(`Error sending ${input.kind.replace(/_/g, ' ')} email: ${(error as Error).message}`);
      }
    },
    close: () => transport.close(),
  };
}
