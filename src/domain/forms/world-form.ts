// The world forms of openapi/schemas/mypage-worlds.yaml (CreateWorldRequest, UpdateWorldRequest)
// and worlds.yaml (CopyWorldRequest): one schema for creating and editing, as both screens show
// the same three fields.
import * as z from 'zod/mini';
import { TIME_ZONES } from '../time-zone';
import { messages } from '../validation-messages';
import { body, requiredText, transformWithIssues } from './fields';

export const worldLimits = { name: 100, description: 2000 } as const;

const worldName = () => requiredText(worldLimits.name, { trim: true });

/** POST /api/mypage/worlds (createWorld) and PATCH /api/mypage/worlds/{id} (updateWorld). */
export const worldForm = body({
  name: worldName(),
  // Blank is kept as '' (not left out): on an update it is how a description is removed.
  description: z.optional(
    z.string({ error: () => messages.type('string') }).check(
      z.trim(),
      z.maxLength(worldLimits.description, {
        error: messages.maxLength(worldLimits.description),
      }),
    ),
  ),
  timeZone: z.optional(
    z.enum(TIME_ZONES, {
      // Nothing chosen reads as "required"; a value outside the list names the allowed ones.
      error: (issue) =>
        issue.input === '' || issue.input === null
          ? messages.required()
          : messages.oneOf(TIME_ZONES),
    }),
  ),
});

/** The name of a copy (POST /api/worlds/{id}/copy); what is copied along is not typed in. */
export const copyWorldForm = body({
  name: worldName(),
});

/**
 * The name of a copy when none is given, "<name> のコピー", cut to stay within the limit (counted
 * in code points, as the contract's maxLength is). The server names copies with it too.
 */
export function copyNameOf(name: string): string {
  const suffix = ' のコピー';
  const room = worldLimits.name - [...suffix].length;
  const chars = [...name];
  return (chars.length > room ? chars.slice(0, room).join('').trimEnd() : name) + suffix;
}

export const worldGroupLimits = { name: 100, worlds: 100 } as const;

/**
 * A world group's name (CreateWorldGroupRequest, UpdateWorldGroupRequest in
 * openapi/schemas/mypage-worlds.yaml); its worlds are ticked, not typed.
 */
export const worldGroupForm = body({
  name: requiredText(worldGroupLimits.name, { trim: true }),
});

export const worldUrlLimits = { min: 3, max: 50 } as const;

/**
 * A world's URL name (UpdateWorldUrlRequest in openapi/schemas/mypage-account.yaml): lower-case
 * letters, digits and hyphens, 3–50 characters, starting with a letter or digit; blank removes
 * the name (null).
 */
export const worldUrlForm = body({
  slug: z.pipe(
    z.string({ error: () => messages.type('string') }).check(z.trim()),
    transformWithIssues((text: string, ctx) => {
      if (text === '') return null;
      const { min, max } = worldUrlLimits;
      if ([...text].length < min)
        ctx.addIssue({ code: 'custom', message: messages.minLength(min) });
      if ([...text].length > max)
        ctx.addIssue({ code: 'custom', message: messages.maxLength(max) });
      if (!/^[a-z0-9][a-z0-9-]*$/.test(text))
        ctx.addIssue({
          code: 'custom',
          message: '半角の英小文字・数字・ハイフンで入力してください（先頭は英小文字か数字）。',
        });
      return text;
    }),
  ),
});
