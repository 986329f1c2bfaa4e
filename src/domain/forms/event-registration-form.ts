// POST /api/event_announcements/{id}/registered_emails (registerEventEmail), fields as
// RegisterEmailRequest in openapi/schemas/events.yaml. The server runs it on the body too.
import type { z } from 'zod';
import { body, email, limits, requiredText } from './fields';

export const eventRegistrationForm = body({
  name: requiredText(limits.name, { trim: true }),
  email: email(),
  botToken: requiredText(limits.botToken),
});

export type EventRegistrationBody = z.output<typeof eventRegistrationForm>;
