// The layout editor page takes its machine's actor from src/app
// (src/app/actors/layout-editor-actor.tsx), started for the world being edited.
import type { ActorRefFrom } from 'xstate';
import type { layoutEditorMachine } from '../../../machines/layout-editor.machine';
import { actorHookContext } from '../../hooks/actor-hook';

export type LayoutEditorRef = ActorRefFrom<typeof layoutEditorMachine>;

export const layoutEditorActor =
  actorHookContext<(worldId: string) => LayoutEditorRef>('useLayoutEditor');
