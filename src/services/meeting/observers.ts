import type { MeetingObserver } from './provider';

type Callback = {
  [K in keyof MeetingObserver]-?: NonNullable<MeetingObserver[K]>;
};

/** The observers of one session, told in the order they were added; one throwing spoils none. */
export class ObserverSet {
  private readonly observers = new Set<MeetingObserver>();

  constructor(
    private readonly onError: (error: unknown) => void = (error) => console.error(error),
  ) {}

  add(observer: MeetingObserver): void {
    this.observers.add(observer);
  }

  remove(observer: MeetingObserver): void {
    this.observers.delete(observer);
  }

  notify<K extends keyof MeetingObserver>(name: K, ...args: Parameters<Callback[K]>): void {
    for (const observer of [...this.observers]) {
      const callback = observer[name] as ((...a: Parameters<Callback[K]>) => void) | undefined;
      try {
        callback?.apply(observer, args);
      } catch (error) {
        this.onError(error);
      }
    }
  }
}
