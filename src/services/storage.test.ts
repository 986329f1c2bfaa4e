import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from './memory-storage';
import { createAppStorage, readChoice, writeChoice } from './storage';

describe('createAppStorage', () => {
  it('writes, reads and removes values in the injected Web Storage under the key names', () => {
    const backing = createMemoryStorage();
    const storage = createAppStorage(backing);

    storage.set('latestWorldId', '42');
    expect(backing.getItem('latestWorldId')).toBe('42');
    expect(storage.get('latestWorldId')).toBe('42');

    storage.remove('latestWorldId');
    expect(backing.getItem('latestWorldId')).toBeNull();
    expect(storage.get('latestWorldId')).toBeNull();
  });

  it('reads values that were already in the Web Storage', () => {
    const storage = createAppStorage(createMemoryStorage({ authUid: 'user@example.com' }));
    expect(storage.get('authUid')).toBe('user@example.com');
  });

  it('returns null for a key never set', () => {
    expect(createAppStorage(createMemoryStorage()).get('userId')).toBeNull();
  });

  it('clearAuth removes the auth keys and userId but keeps latestWorldId and foreign keys', () => {
    const backing = createMemoryStorage({
      userId: '7',
      authClient: 'c',
      authUid: 'u@example.com',
      authAccessToken: 't',
      latestWorldId: '42',
      somethingElse: 'kept',
    });

    createAppStorage(backing).clearAuth();

    expect(backing.getItem('userId')).toBeNull();
    expect(backing.getItem('authClient')).toBeNull();
    expect(backing.getItem('authUid')).toBeNull();
    expect(backing.getItem('authAccessToken')).toBeNull();
    expect(backing.getItem('latestWorldId')).toBe('42');
    expect(backing.getItem('somethingElse')).toBe('kept');
    expect(backing.length).toBe(2);
  });

  it('falls back to memory when there is no localStorage, without touching it at import', () => {
    // Node 20 has no globalThis.localStorage, which is the "storage refused" case.
    expect('localStorage' in globalThis && globalThis.localStorage).toBeFalsy();
    const storage = createAppStorage();
    storage.set('userId', '7');
    expect(storage.get('userId')).toBe('7');
    expect(createAppStorage().get('userId')).toBeNull();
  });
});

describe('createMemoryStorage', () => {
  it('behaves like Web Storage for length, key, clear and string conversion', () => {
    const storage = createMemoryStorage({ a: '1' });
    storage.setItem('b', 2 as unknown as string);
    expect(storage.length).toBe(2);
    expect(storage.key(1)).toBe('b');
    expect(storage.key(5)).toBeNull();
    expect(storage.getItem('b')).toBe('2');
    storage.clear();
    expect(storage.length).toBe(0);
  });
});

describe('readChoice and writeChoice', () => {
  it("keep a visitor's choice under the key name earlier releases used", () => {
    const backing = createMemoryStorage({ meetingMapViewMode: 'hidden' });

    writeChoice('bellSound', 'off', () => backing);

    expect(readChoice('meetingMapViewMode', () => backing)).toBe('hidden');
    expect(backing.getItem('bellSound')).toBe('off');
    expect(readChoice('meetingBackground', () => backing)).toBeNull();
  });

  it('answer no choice, and remember none, when the browser refuses storage', () => {
    const refused = () => {
      throw new DOMException('blocked', 'SecurityError');
    };

    expect(readChoice('meetingDeviceChoices', refused)).toBeNull();
    expect(() => writeChoice('meetingDeviceChoices', '{}', refused)).not.toThrow();
    expect(readChoice('bellSound', () => undefined)).toBeNull();
  });
});
