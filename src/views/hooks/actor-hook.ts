// How a view takes an actor that src/app starts (docs/decisions/012-actor-systems-in-app.md):
// views may not import src/app, nor create actors, so src/app hands the page a hook through a
// context; the hook starts the actor with the page and stops it after.
import { createContext, useContext } from 'react';

export function actorHookContext<THook>(name: string) {
  const context = createContext<THook | null>(null);
  return {
    Provider: context.Provider,
    /** The hook src/app provided; called like any hook, on every render. */
    useProvided(): THook {
      const hook = useContext(context);
      if (!hook) throw new Error(`${name}: no provider above this page; src/app provides it.`);
      return hook;
    },
  };
}
