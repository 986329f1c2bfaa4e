import { HttpError } from '../http/errors';
import { limitAttempts } from '../http/rate-limit';
import type { Handlers } from '../openapi/handler-types';
import { receiveContact } from './contact';

const botCheckFailed =
  'ボットによる送信の疑いがあるため送信できませんでした。時間をおいてもう一度お試しください。';

export const contactHandlers: Handlers = {
  async sendContact(req) {
    const { database, config, botCheck } = req.server.deps;
    await limitAttempts(req, 'contact', req.body.email);
    if (botCheck) {
      const human = await botCheck
        .verify(req.body.botToken, 'contact', req.ip)
        .catch((err: unknown) => {
          req.log.error({ err }, 'bot check unavailable');
          return false;
        });
      if (!human) throw new HttpError(422, botCheckFailed);
    }
    const { name, email, category, subject, body } = req.body;
    const result = await receiveContact(
      database.db,
      { name, email, category, subject: subject ?? '', body },
      config.contactTo,
    );
    if (config.contactTo) req.server.deps.mailWritten();
    return result;
  },
};
