import { useState } from 'react';
import {
  contactCategories,
  contactCategoryLabels,
  contactForm,
} from '../../domain/forms/contact-form';
import { FormErrorSummary } from '../components/form/error-summary';
import { SelectField, TextAreaField, TextField } from '../components/form/field';
import { FormPage } from '../components/form/form-page';
import { Notice } from '../components/form/notice';
import { SubmitButton } from '../components/form/submit-button';
import { request, useApi } from '../hooks/use-api';
import { useBotCheck } from '../hooks/use-bot-check';
import { useForm } from '../hooks/use-form';
import { accountMutations } from '../../services/api/account-queries';

const labels = {
  name: 'お名前',
  email: 'メールアドレス',
  category: 'お問い合わせの種類',
  subject: '件名',
  body: 'お問い合わせ内容',
  botToken: 'ボット判定',
};

const categoryOptions = contactCategories.map((value) => ({
  value,
  label: contactCategoryLabels[value],
}));

const botCheckFailedMessage =
  'ボット判定を完了できませんでした。時間をおいてもう一度お試しください。';

const empty = { name: '', email: '', category: 'general', subject: '', body: '' };

/** /contact: a message to support. Open to everyone; a 401 here never forces a sign-in. */
export function ContactPage() {
  const api = useApi();
  const getBotToken = useBotCheck();
  const form = useForm(contactForm, empty);
  const [sent, setSent] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (fields) => {
    let botToken: string | undefined;
    if (getBotToken) {
      try {
        // Asked for at the moment of sending: the tokens expire within minutes.
        botToken = await getBotToken('contact');
      } catch {
        return { errors: [botCheckFailedMessage] };
      }
    }
    const outcome = await request(() => accountMutations.contact(api, { ...fields, botToken }));
    if (!outcome.ok) return { errors: outcome.errors };
    setSent(outcome.data.message);
  });

  if (sent) {
    return (
      <FormPage heading="お問い合わせ">
        <Notice focusOnMount>
          <p>{sent}</p>
        </Notice>
        <p>
          <SubmitButton
            type="button"
            variant="secondary"
            submitting={false}
            onClick={() => {
              form.reset(empty);
              setSent(null);
            }}
          >
            続けてお問い合わせする
          </SubmitButton>
        </p>
      </FormPage>
    );
  }

  return (
    <FormPage heading="お問い合わせ">
      <p>
        ご質問やご要望、不具合のご報告をお寄せください。入力したメールアドレスに返信いたします。
      </p>
      <form className="form" noValidate onSubmit={onSubmit}>
        <FormErrorSummary form={form} labels={labels} title="送信できませんでした。" />
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
        />
        <SelectField
          {...form.field('category')}
          label={labels.category}
          options={categoryOptions}
        />
        <TextField
          {...form.field('subject')}
          label={labels.subject}
          autoComplete="off"
          required={false}
          hint="100文字以内"
        />
        <TextAreaField {...form.field('body')} label={labels.body} hint="5000文字以内" />
        <SubmitButton submitting={form.submitting}>送信する</SubmitButton>
        {getBotToken && (
          <p className="small-print">
            このサイトは reCAPTCHA によって保護されており、Google の
            <a href="https://policies.google.com/privacy" target="_blank" rel="noreferrer">
              プライバシーポリシー
            </a>
            と
            <a href="https://policies.google.com/terms" target="_blank" rel="noreferrer">
              利用規約
            </a>
            が適用されます。
          </p>
        )}
      </form>
    </FormPage>
  );
}
