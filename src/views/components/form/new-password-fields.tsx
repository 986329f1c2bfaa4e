import type { FieldBinding } from '../../hooks/use-form';
import { TextField } from './field';

/** A new password and its confirmation, as sign-up, the reset link and the account page ask for them. */
export function NewPasswordFields({
  password,
  confirmation,
  labels,
}: {
  password: FieldBinding;
  confirmation: FieldBinding;
  labels: { password: string; confirmation: string };
}) {
  return (
    <>
      <TextField
        {...password}
        label={labels.password}
        type="password"
        autoComplete="new-password"
        hint="8文字以上128文字以内"
      />
      <TextField
        {...confirmation}
        label={labels.confirmation}
        type="password"
        autoComplete="new-password"
        hint="確認のため、同じパスワードをもう一度入力してください。"
      />
    </>
  );
}
