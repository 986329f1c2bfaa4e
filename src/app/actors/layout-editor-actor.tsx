// The layout editor's actor (src/machines/layout-editor.machine.ts) for the page that edits one
// world's layout, with the layout API; a new preset refreshes the cached preset list.
import { useQueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createActor, fromPromise } from 'xstate';
import { layoutEditorMachine } from '../../machines/layout-editor.machine';
import { invalidatePresets } from '../../services/api/my-layouts-queries';
import { applyPreset, createPreset, loadLayout, saveLayout } from '../../services/layout-api';
import {
  layoutEditorActor,
  type LayoutEditorRef,
} from '../../views/components/layout-editor/layout-editor-actor';
import { apiClient } from '../api';
import { provideToPage } from './provide-to-page';
import { useScoped } from './scoped';

/** The actor for one mounted editor page; `worldId` is read on the first render only. */
export function useLayoutEditorActor(worldId: string): LayoutEditorRef {
  const queryClient = useQueryClient();
  return useScoped(() =>
    createActor(
      layoutEditorMachine.provide({
        actors: {
          loadLayout: fromPromise(({ input }) => loadLayout(apiClient, input.worldId)),
          saveLayout: fromPromise(({ input }) => saveLayout(apiClient, input)),
          applyPreset: fromPromise(({ input }) => applyPreset(apiClient, input)),
          createPreset: fromPromise(async ({ input }) => {
            const preset = await createPreset(apiClient, input);
            void invalidatePresets(queryClient);
            return preset;
          }),
        },
      }),
      { input: { worldId } },
    ),
  );
}

/** `Page` with the layout editor's actor to take. */
export const withLayoutEditorActor = (Page: ComponentType) =>
  provideToPage(layoutEditorActor.Provider, useLayoutEditorActor, Page);
