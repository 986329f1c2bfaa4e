import { TIME_ZONES, TIME_ZONE_LABELS } from '../../../domain/time-zone';
import { worldLimits } from '../../../domain/forms/world-form';
import type { FieldBinding } from '../../hooks/use-form';
import { SelectField, TextAreaField, TextField } from '../form/field';

export const worldFieldLabels = {
  name: 'ワールド名',
  description: '説明',
  timeZone: 'タイムゾーン',
};

const timeZoneOptions = TIME_ZONES.map((zone) => ({ value: zone, label: TIME_ZONE_LABELS[zone] }));

/** The fields a world is created and edited with. */
export function WorldFields({
  field,
}: {
  field: (name: 'name' | 'description' | 'timeZone') => FieldBinding;
}) {
  return (
    <>
      <TextField
        {...field('name')}
        label={worldFieldLabels.name}
        autoComplete="off"
        hint={`${worldLimits.name}文字以内`}
      />
      <TextAreaField
        {...field('description')}
        label={worldFieldLabels.description}
        required={false}
        rows={6}
        hint={`${worldLimits.description}文字以内。参加者に表示されます。`}
      />
      <SelectField
        {...field('timeZone')}
        label={worldFieldLabels.timeZone}
        options={timeZoneOptions}
        hint="イベントの日時はこのタイムゾーンで表示されます。"
      />
    </>
  );
}
