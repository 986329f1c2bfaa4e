import { describe, expect, it } from 'vitest';
import {
  BACKGROUND_MAX_BYTES,
  backgroundFileProblem,
  backgroundName,
  backgroundUploadMessages,
  imageTypeOf,
  parseBackgroundChoice,
} from './virtual-background';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)),
  );

describe('uploaded background rules', () => {
  it('knows JPEG, PNG and WebP by their first bytes, whatever the file claims', () => {
    expect(imageTypeOf(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toBe('image/jpeg');
    expect(imageTypeOf(bytes([0x89], 'PNG\r\n', [0x1a, 0x0a], 'IHDR'))).toBe('image/png');
    expect(imageTypeOf(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('image/webp');
    // GIF, a RIFF that is not WebP (WAV), text, a PNG cut short, nothing: none of them.
    expect(imageTypeOf(bytes('GIF89a'))).toBeNull();
    expect(imageTypeOf(bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '))).toBeNull();
    expect(imageTypeOf(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(imageTypeOf(bytes([0x89], 'PNG'))).toBeNull();
    expect(imageTypeOf(new Uint8Array())).toBeNull();
  });

  it('refuses other types and more than 5 MB before uploading, in Japanese', () => {
    expect(backgroundFileProblem({ type: 'image/png', size: BACKGROUND_MAX_BYTES })).toBeNull();
    expect(backgroundFileProblem({ type: 'image/webp', size: 1 })).toBeNull();
    expect(backgroundFileProblem({ type: 'image/gif', size: 1 })).toBe(
      backgroundUploadMessages.type,
    );
    expect(backgroundFileProblem({ type: '', size: 1 })).toBe(backgroundUploadMessages.type);
    expect(backgroundFileProblem({ type: 'image/jpeg', size: BACKGROUND_MAX_BYTES + 1 })).toBe(
      '画像のサイズは5MB以下にしてください。',
    );
  });

  it('names an upload after its file, without the extension, in at most 50 characters', () => {
    expect(backgroundName('わたしの部屋.jpeg')).toBe('わたしの部屋');
    expect(backgroundName('a.b.png')).toBe('a.b');
    expect(backgroundName('.png')).toBe('アップロードした背景');
    expect(backgroundName(`${'🌅'.repeat(60)}.png`)).toBe('🌅'.repeat(50));
  });

  it('reads back a remembered choice, and none for anything else', () => {
    const image = { kind: 'image', id: 'x', name: '森', imageUrl: 'http://a/f.png' };
    expect(parseBackgroundChoice(image)).toEqual(image);
    expect(parseBackgroundChoice({ kind: 'image', id: 'x' })).toEqual({ kind: 'none' });
    expect(parseBackgroundChoice('blur')).toEqual({ kind: 'none' });
  });
});
