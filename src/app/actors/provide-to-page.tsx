import type { ComponentType, Provider } from 'react';

/** `Page` under `Provider` with `value`: how src/app hands a page the hook of its actors. */
export function provideToPage<T>(
  Provider: Provider<T | null>,
  value: T,
  Page: ComponentType,
): ComponentType {
  return function ProvidedPage() {
    return (
      <Provider value={value}>
        <Page />
      </Provider>
    );
  };
}
