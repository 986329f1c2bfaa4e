import { describe, expect, it } from 'vitest';
import { fieldErrors } from './fields';
import { presetNameForm } from './layout-forms';

describe('presetNameForm', () => {
  it('trims the name and refuses a blank or too long one, as UpdatePresetRequest does', () => {
    expect(presetNameForm.safeParse({ name: ' 会議用 ' }).data).toEqual({ name: '会議用' });
    expect(fieldErrors(presetNameForm.safeParse({ name: ' ' })).name).toEqual([
      '入力してください。',
    ]);
    expect(fieldErrors(presetNameForm.safeParse({ name: 'あ'.repeat(101) })).name).toEqual([
      '100文字以下で入力してください。',
    ]);
    expect(presetNameForm.safeParse({ name: 'あ'.repeat(100) }).success).toBe(true);
  });
});
