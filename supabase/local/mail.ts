import type { IncomingMessage, ServerResponse } from 'node:http';
import { MailDev } from 'maildev';
import type { StackConfig } from './config.ts';

/**
 * The mail catcher: MailDev's web inbox and REST API, and its SMTP server.
 *
 * MailDev 3 serves its REST API under /api/email; MailDev 2 (and the Supabase
 * docs' examples) use /email. Both paths answer, so scripts written for either work.
 */
export interface RunningMail {
  stop(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export async function startMail(config: StackConfig): Promise<RunningMail> {
  const maildev = new MailDev({
    smtp: config.ports.smtp,
    web: config.ports.inbox,
    ip: '127.0.0.1',
    webIp: '127.0.0.1',
    silent: true,
    // Bounded so a long-running dev stack does not grow without limit.
    maxEmails: 500,
  });
  const restoreConsole = console.info;
  // MailDev announces itself on console.info; the stack prints its own summary.
  console.info = () => undefined;
  try {
    const servers = await maildev.start();
    const http = servers.api?.server.server;
    if (http) {
      const handlers = http.listeners('request') as Handler[];
      http.removeAllListeners('request');
      http.on('request', (req: IncomingMessage, res: ServerResponse) => {
        if (req.url && /^\/email(\/|\?|$)/.test(req.url)) req.url = `/api${req.url}`;
        for (const h of handlers) h(req, res);
      });
    }
  } finally {
    console.info = restoreConsole;
  }
  return { stop: () => maildev.stop() };
}
