// The layout editor's forms (openapi/schemas/mypage-account.yaml): a preset's name, as
// UpdatePresetRequest bounds it.
import { body, requiredText } from './fields';

export const presetLimits = { name: 100 } as const;

/** PATCH /api/mypage/presets/{id} (updatePreset): the new name. */
export const presetNameForm = body({
  name: requiredText(presetLimits.name, { trim: true }),
});
