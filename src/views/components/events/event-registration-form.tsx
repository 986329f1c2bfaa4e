import { useState } from 'react';
import { eventRegistrationForm } from '../../../domain/forms/event-forms';
import { request, useApi } from '../../hooks/use-api';
import { useBotCheck } from '../../hooks/use-bot-check';
import { useForm } from '../../hooks/use-form';
import { FormErrorSummary } from '../form/error-summary';
import { TextField } from '../form/field';
import { Notice } from '../form/notice';
import { SubmitButton } from '../form/submit-button';
import { eventMutations } from '../../../services/api/events-queries';

const labels = { name: 'お名前', email: 'メールアドレス' };
const empty = { name: '', email: '' };

const botCheckFailedMessage =
  'ボット判定を完了できませんでした。時間をおいてもう一度お試しください。';
// RegisterEmailRequest requires a token; a server without a bot check ignores it (as for the
// contact form), and a browser build without a site key pairs with such a server.
const NO_BOT_CHECK = 'bot-check-not-configured';

/** Registration by e-mail (double opt-in): the server mails a link that confirms it. */
export function EventRegistrationForm({ eventId }: { eventId: string }) {
  const api = useApi();
  const getBotToken = useBotCheck();
  const form = useForm(eventRegistrationForm, empty);
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | null>(null);

  const onSubmit = form.handleSubmit(async (fields) => {
    let botToken = NO_BOT_CHECK;
    if (getBotToken) {
      try {
        botToken = await getBotToken('registerEvent');
      } catch {
        return { errors: [botCheckFailedMessage] };
      }
    }
    const outcome = await request(() =>
      eventMutations.register(api, eventId, { ...fields, botToken }),
    );
    if (!outcome.ok) return { errors: outcome.errors };
    setSentTo({ email: fields.email, message: outcome.data.message });
  });

  if (sentTo) {
    return (
      <Notice title="確認メールを送信しました" focusOnMount>
        <p>{sentTo.message}</p>
        <p>
          {sentTo.email}{' '}
          宛てのメールに記載されたリンクを開くと、参加登録が完了します。メールが届かない場合は、迷惑メールフォルダもご確認ください。
        </p>
        <p>
          <button
            type="button"
            className="button"
            onClick={() => {
              form.reset(empty);
              setSentTo(null);
            }}
          >
            別のメールアドレスで登録する
          </button>
        </p>
      </Notice>
    );
  }

  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-label="メールで参加登録">
      <FormErrorSummary form={form} labels={labels} title="参加登録できませんでした。" />
      <TextField
        {...form.field('name')}
        label={labels.name}
        autoComplete="name"
        hint="50文字以内"
      />
      <TextField
        {...form.field('email')}
        label={labels.email}
        type="email"
        autoComplete="email"
        hint="確認のメールをお送りします。"
      />
      <SubmitButton submitting={form.submitting}>確認メールを送信する</SubmitButton>
    </form>
  );
}
