// The payment page's system under StrictMode's mount, unmount, mount: one set of actors, running,
// and each effect done once (the saved cards are asked for once, the starting day chosen once).
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../services/api/client';
import { createCartStorage } from '../../services/cart-storage';
import { createMemoryStorage } from '../../services/memory-storage';
import { createAppStorage } from '../../services/storage';
import type { MyWorld } from '../../services/payments/payments-api';
import type { BrowserPayments } from '../../services/payments/browser-payments';
import { createPaymentSystem } from './payment-actors';
import { createScope } from './scoped';

describe('the payment system', () => {
  it("keeps one running set of actors through StrictMode's remount", async () => {
    const calls: string[] = [];
    const client = createApiClient({
      baseUrl: 'https://api.test',
      fetch: (request: Request) => {
        calls.push(`${request.method} ${new URL(request.url).pathname}`);
        return new Promise<never>(() => {});
      },
      storage: createAppStorage(createMemoryStorage()),
    });
    const world = { id: '00000000-0000-4000-8000-00000000000a', timeZone: 'Asia/Tokyo' } as MyWorld;
    const scope = createScope(() =>
      createPaymentSystem(
        {
          world,
          payments: { provider: 'local' } as BrowserPayments,
          stripeCard: { current: null },
          onDatesChanged: () => {},
        },
        {
          api: client,
          cartStorage: createCartStorage(createMemoryStorage()),
          now: () => new Date('2030-06-01T00:00:00Z'),
        },
      ),
    );
    const first = scope.current.value;
    scope.mount()();
    scope.mount();
    await new Promise((resolve) => setTimeout(resolve, 10));
    const { cart, reservation, checkout } = scope.current.value;
    expect(scope.current.value).toBe(first);
    for (const actor of [cart, reservation, checkout])
      expect(actor.getSnapshot().status).toBe('active');
    expect(calls.filter((c) => c.endsWith('/payment_methods'))).toHaveLength(1);
    expect(reservation.getSnapshot().context.draft.start).toMatch(/^2030-06-02/);
  });
});
