import { coOwnerForm } from '../../../domain/forms/membership-forms';
import { request, useApi } from '../../hooks/use-api';
import { useDisclosure } from '../../hooks/use-disclosure';
import { useForm } from '../../hooks/use-form';
import { FormErrorSummary } from '../form/error-summary';
import { TextField } from '../form/field';
import { SubmitButton } from '../form/submit-button';
import { operationErrors } from '../worlds/world-format';
import { memberMutations } from '../../../services/api/members-queries';

const labels = { email: '共同主催者のメールアドレス', currentPassword: 'あなたのパスワード' };

/** The owner makes a registered user a co-owner (addWorldOwner), confirming with their password. */
export function CoOwnerForm({
  worldId,
  onAdded,
}: {
  worldId: string;
  onAdded: (name: string) => void;
}) {
  const api = useApi();
  const disclosure = useDisclosure();
  const form = useForm(coOwnerForm, { email: '', currentPassword: '' });

  const onSubmit = form.handleSubmit(async (body) => {
    const outcome = await request(() => memberMutations.addCoOwner(api, worldId, body));
    if (!outcome.ok) return { errors: operationErrors(outcome) };
    form.reset({ email: '', currentPassword: '' });
    disclosure.close();
    onAdded(outcome.data.name);
  });

  return (
    <div className="membership-subsection">
      <button type="button" className="button" {...disclosure.buttonProps}>
        共同主催者を追加
      </button>
      {disclosure.open && (
        <form className="form" noValidate onSubmit={onSubmit} aria-label="共同主催者の追加">
          <p>
            登録済みのアカウントを、このワールドの主催者に加えます。主催者は編集・削除・お支払い・メンバーの管理など、すべての操作ができます。
          </p>
          <FormErrorSummary
            form={form}
            labels={labels}
            title="共同主催者を追加できませんでした。"
          />
          <TextField
            {...form.field('email')}
            type="email"
            label={labels.email}
            autoComplete="off"
            hint="相手がこのサービスに登録しているメールアドレス"
          />
          <TextField
            {...form.field('currentPassword')}
            type="password"
            label={labels.currentPassword}
            autoComplete="current-password"
            hint="確認のため、あなたのパスワードを入力してください。"
          />
          <SubmitButton submitting={form.submitting} busyLabel="追加しています…">
            主催者に追加する
          </SubmitButton>
        </form>
      )}
    </div>
  );
}
