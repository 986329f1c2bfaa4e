// Loaded with the world pages' chunk (src/app/route-table.ts), so that the meeting, device and
// realtime code stays out of the other pages.
import type { ComponentType } from 'react';
import { WorldActorsContext } from '../../views/components/meeting/world-actors';
import { apiClient } from '../api';
import { createWorldActorSource } from './world-actors';

// One source for the app: each world's actors are created and stopped with its pages.
const worldActors = createWorldActorSource({ api: apiClient });

/** `Page` with the world's actors to take (the gate and the meeting share them). */
export function withWorldActors(Page: ComponentType): ComponentType {
  return function WorldActorsRoute() {
    return (
      <WorldActorsContext.Provider value={worldActors}>
        <Page />
      </WorldActorsContext.Provider>
    );
  };
}
