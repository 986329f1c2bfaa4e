// What the recordings section of a world's page reads from the recording list machine's snapshot.
import type { RecordingListSnapshot } from './recording-list.machine';

/** The recording whose title field is open (also while its title is sent), else null. */
export const selectRenamingId = (s: RecordingListSnapshot) =>
  s.matches({ browsing: 'editing' }) || s.matches('saving') ? (s.context.target?.id ?? null) : null;
/** The recording the delete question is about (also while it is deleted), else null. */
export const selectDeleteQuestion = (s: RecordingListSnapshot) =>
  s.matches('confirmingDelete') || s.matches('deleting') ? s.context.target : null;
export const isDeletingRecording = (s: RecordingListSnapshot) => s.matches('deleting');
/** Something is being sent: the list's buttons wait. */
export const isRecordingListBusy = (s: RecordingListSnapshot) =>
  s.matches('saving') || s.matches('deleting') || s.matches('downloading');
/** Whether the list offers 削除 for a recording: the owner's, ready or failed (the machine's rule). */
export { mayDelete as offersDelete } from './recording-list.machine';
/** What the last success changed (「タイトルを「…」に変更しました。」), else null. */
export const selectRecordingNotice = (s: RecordingListSnapshot) => s.context.notice;
/** The server's messages from the last refusal. */
export const selectRecordingErrors = (s: RecordingListSnapshot) => s.context.errors;
export const selectRecordingFailures = (s: RecordingListSnapshot) => s.context.failures;
