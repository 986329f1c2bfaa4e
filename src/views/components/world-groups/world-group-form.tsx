import { useState } from 'react';
import { worldGroupForm, worldGroupLimits } from '../../../domain/forms/world-form';
import { request, useApi } from '../../hooks/use-api';
import { useForm } from '../../hooks/use-form';
import { FormErrorSummary } from '../form/error-summary';
import { TextField } from '../form/field';
import { SubmitButton } from '../form/submit-button';
import '../form/checkbox-field.css';
import { operationErrors, type World } from '../worlds/world-format';
import { worldGroupMutations } from '../../../services/api/world-groups-queries';

const labels = { name: 'グループ名' };

type Group = { id: string; name: string; worldIds: string[] };

/**
 * Creates a group, or renames one and changes which worlds it holds: a name and a box per world
 * the caller owns (only owned worlds can be grouped). What was typed stays after a refusal.
 */
export function WorldGroupForm({
  group,
  ownedWorlds,
  onSaved,
  onCancel,
}: {
  /** The group being changed; none when creating one. */
  group?: Group;
  ownedWorlds: World[];
  onSaved: (name: string) => void;
  onCancel?: () => void;
}) {
  const api = useApi();
  const form = useForm(worldGroupForm, { name: group?.name ?? '' });
  const [worldIds, setWorldIds] = useState<ReadonlySet<string>>(new Set(group?.worldIds));
  const toggle = (id: string, on: boolean) =>
    setWorldIds((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const onSubmit = form.handleSubmit(async ({ name }) => {
    const body = { name, worldIds: [...worldIds] };
    const outcome = await request(() =>
      group
        ? worldGroupMutations.update(api, group.id, body)
        : worldGroupMutations.create(api, body),
    );
    if (!outcome.ok) return { errors: operationErrors(outcome) };
    if (!group) {
      form.reset({ name: '' });
      setWorldIds(new Set());
    }
    onSaved(name);
  });

  const title = group ? `「${group.name}」の変更` : '新しいグループ';
  return (
    <form className="form world-group-form" noValidate onSubmit={onSubmit} aria-label={title}>
      <FormErrorSummary
        form={form}
        labels={labels}
        title={group ? 'グループを変更できませんでした。' : 'グループを作成できませんでした。'}
      />
      <TextField
        {...form.field('name')}
        label={labels.name}
        autoComplete="off"
        hint={`${worldGroupLimits.name}文字以内。`}
      />
      <fieldset className="world-group-worlds">
        <legend>グループに入れるワールド</legend>
        {ownedWorlds.length === 0 ? (
          <p className="field-hint">主催しているワールドがまだありません。</p>
        ) : (
          <ul>
            {ownedWorlds.map((world) => (
              <li key={world.id}>
                <label className="field-checkbox">
                  <input
                    type="checkbox"
                    checked={worldIds.has(world.id)}
                    onChange={(event) => toggle(world.id, event.target.checked)}
                  />
                  {world.name}
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <div className="button-row">
        <SubmitButton submitting={form.submitting} busyLabel="保存しています…">
          {group ? '変更を保存' : 'グループを作成'}
        </SubmitButton>
        {onCancel && (
          <button type="button" className="button" onClick={onCancel}>
            キャンセル
          </button>
        )}
      </div>
    </form>
  );
}
