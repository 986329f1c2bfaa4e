import nodemailer from 'nodemailer';
import type { MailTransport } from './delivery';

/**
 * Sends mail through the SMTP server in `smtpUrl` (smtp://user:pass@host:587, or smtps:// for
 * implicit TLS; nodemailer upgrades smtp:// with STARTTLS when the server offers it).
 * `from` is the envelope and header sender, e.g. `Worlds <no-reply@example.jp>`.
 */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    // nodemailer's defaults (2 min to connect, 10 min idle socket) would let one stuck server
    // outlast delivery's claim lease; these bound a single send to well under a minute.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  const secrets = urlSecrets(smtpUrl);

  return {
    async send(mail) {
      try {
        await transporter.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
      } catch (e) {
        // The message ends up in mails.last_error and in logs; keep the SMTP credentials out.
        throw new Error(redact(describeSmtpError(e), secrets));
      }
    },
    close() {
      transporter.close();
    },
  };
}

function describeSmtpError(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const { code, responseCode } = e as Error & { code?: unknown; responseCode?: unknown };
  const prefix = [code, responseCode]
    .filter((p) => typeof p === 'string' || typeof p === 'number')
    .join(' ');
  return prefix ? `${prefix}: ${e.message}` : e.message;
}

/**
 * The URL's password, raw and decoded, as it might appear in a message. The user name is left
 * alone: it is not a secret, and a short one would garble every message it was cut out of.
 */
function urlSecrets(smtpUrl: string): string[] {
  try {
    const { password } = new URL(smtpUrl);
    if (password === '') return [];
    return [...new Set([password, safeDecode(password)])].sort((a, b) => b.length - a.length);
  } catch {
    return [];
  }
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function redact(message: string, secrets: string[]): string {
  return secrets.reduce((m, secret) => m.split(secret).join('***'), message);
}
