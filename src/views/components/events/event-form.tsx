import {
  eventAnnouncementForm,
  eventLimits,
  type EventAnnouncementBody,
} from '../../../domain/forms/event-forms';
import { toLocalInput, TIME_ZONE_LABELS, type TimeZoneName } from '../../../domain/time-zone';
import { useForm, type SubmitOutcome } from '../../hooks/use-form';
import { CheckboxField } from '../form/checkbox-field';
import { FormErrorSummary } from '../form/error-summary';
import { TextAreaField, TextField } from '../form/field';
import { SubmitButton } from '../form/submit-button';
import type { EventAnnouncement } from './event-format';

const labels = {
  title: 'タイトル',
  body: '内容',
  startAt: '開始日時',
  endAt: '終了日時',
  venue: '会場',
  capacity: '定員',
  registrationOpen: 'メールでの参加登録を受け付ける',
};

const blank = {
  title: '',
  body: '',
  startAt: '',
  endAt: '',
  venue: '',
  capacity: '',
  registrationOpen: 'true',
};

function valuesOf(event: EventAnnouncement | undefined, zone: TimeZoneName) {
  if (!event) return blank;
  return {
    title: event.title,
    body: event.body,
    startAt: toLocalInput(event.startAt, zone),
    endAt: toLocalInput(event.endAt, zone),
    venue: event.venue,
    capacity: String(event.capacity),
    registrationOpen: event.registrationOpen ? 'true' : '',
  };
}

export type EventFormProps = {
  zone: TimeZoneName;
  event?: EventAnnouncement;
  submitLabel: string;
  failureTitle: string;
  onSubmit(body: EventAnnouncementBody): Promise<SubmitOutcome>;
};

/** An event announcement's fields; dates are typed in the world's time zone. */
export function EventForm({ zone, event, submitLabel, failureTitle, onSubmit }: EventFormProps) {
  const form = useForm(eventAnnouncementForm(zone), valuesOf(event, zone));
  const zoneHint = `${TIME_ZONE_LABELS[zone]}で入力してください。`;
  return (
    <form
      className="form"
      noValidate
      onSubmit={form.handleSubmit(onSubmit)}
      aria-label={submitLabel}
    >
      <FormErrorSummary form={form} labels={labels} title={failureTitle} />
      <TextField
        {...form.field('title')}
        label={labels.title}
        autoComplete="off"
        hint={`${eventLimits.title}文字以内`}
      />
      <TextAreaField
        {...form.field('body')}
        label={labels.body}
        required={false}
        hint={`${eventLimits.body}文字以内。公開ページに表示されます。`}
      />
      <TextField
        {...form.field('startAt')}
        type="datetime-local"
        label={labels.startAt}
        autoComplete="off"
        hint={zoneHint}
      />
      <TextField
        {...form.field('endAt')}
        type="datetime-local"
        label={labels.endAt}
        autoComplete="off"
        hint={zoneHint}
      />
      <TextField
        {...form.field('venue')}
        label={labels.venue}
        required={false}
        autoComplete="off"
        hint={`ワールドの中のどこで行うか（${eventLimits.venue}文字以内）`}
      />
      <TextField
        {...form.field('capacity')}
        type="number"
        label={labels.capacity}
        autoComplete="off"
        hint={`${eventLimits.capacityMin}〜${eventLimits.capacityMax}人`}
      />
      <CheckboxField
        {...form.field('registrationOpen')}
        label={labels.registrationOpen}
        hint="公開ページから、メールアドレスで参加登録できるようにします。"
      />
      <SubmitButton submitting={form.submitting} busyLabel="保存しています…">
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
