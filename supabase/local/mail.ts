import type { IncomingMessage, ServerResponse } from 'node:http';
import { MailDev } from 'maildev';
import type { StackConfig } from './config.ts';
import { serverEnd, type Supervisable } from './supervisor.ts';

/**
 * The mail catcher: MailDev's web inbox and REST API, and its SMTP server.
 *
 * MailDev 3 serves its REST API under /api/email; MailDev 2 (and the Supabase
 * docs' examples) use /email. Both paths answer, so scripts written for either work.
 */
export type RunningMail = Supervisable;

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
  let end: ReturnType<typeof serverEnd> | undefined;
  const restoreConsole = console.info;
  // MailDev announces itself on console.info; the stack prints its own summary.
  console.info = () => undefined;
  try {
    const servers = await maildev.start();
    const http = servers.api?.server.server;
    // The inbox's web server closing is the catcher's end (its SMTP server closes with it).
    if (http) end = serverEnd(http);
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
  return {
    ended: end?.ended ?? new Promise<string>(() => undefined),
    kill: () => void maildev.stop().catch(() => undefined),
    stop: () => {
      end?.expectEnd();
      return maildev.stop();
    },
  };
}
