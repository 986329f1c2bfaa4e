import { describe, expect, it } from 'vitest';
import {
  channelOfMessage,
  checkChatBody,
  composerKey,
  findMentions,
  linkify,
  parseChannelKey,
  storedChannelKey,
} from './chat';

// Expected results from docs/product.md §4 チャット.
const unstorable = '使用できない文字（U+0000 などの制御文字や不正な文字）が含まれています。';

describe('checkChatBody', () => {
  it('refuses an empty or blank message with 入力してください。', () => {
    expect(checkChatBody('')).toEqual({ ok: false, error: '入力してください。' });
    expect(checkChatBody(' \n\t　')).toEqual({ ok: false, error: '入力してください。' });
  });

  it('keeps 1 to 1,000 characters once trimmed, and refuses 1,001', () => {
    expect(checkChatBody('  こんにちは\n ')).toEqual({ ok: true, body: 'こんにちは' });
    expect(checkChatBody('あ'.repeat(1000))).toEqual({ ok: true, body: 'あ'.repeat(1000) });
    expect(checkChatBody(` ${'あ'.repeat(1000)} `).ok).toBe(true);
    expect(checkChatBody('あ'.repeat(1001))).toEqual({
      ok: false,
      error: '1000文字以下で入力してください。',
    });
  });

  it('counts an emoji as one character', () => {
    expect(checkChatBody('😀'.repeat(1000)).ok).toBe(true);
    expect(checkChatBody('😀'.repeat(1001)).ok).toBe(false);
  });

  it('refuses U+0000 and lone surrogates', () => {
    expect(checkChatBody('a\u0000b')).toEqual({ ok: false, error: unstorable });
    expect(checkChatBody('a\uD800b')).toEqual({ ok: false, error: unstorable });
    expect(checkChatBody('a\uDC00')).toEqual({ ok: false, error: unstorable });
  });

  it.each(['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', 'a </b> c', '<!-- x'])(
    'refuses HTML and script: %s',
    (text) => {
      expect(checkChatBody(text)).toEqual({
        ok: false,
        error: 'HTMLのタグは送れません。文字だけで入力してください。',
      });
    },
  );

  it('keeps a < that starts no tag as text', () => {
    expect(checkChatBody('a<b と <3')).toEqual({ ok: true, body: 'a<b と <3' });
  });
});

describe('linkify', () => {
  it('links http and https URLs and leaves the rest as text', () => {
    expect(linkify('見て https://example.com/a?b=1 と http://example.org')).toEqual([
      { kind: 'text', text: '見て ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: ' と ' },
      { kind: 'link', text: 'http://example.org', href: 'http://example.org/' },
    ]);
  });

  it('ends a URL before a sentence’s punctuation and before Japanese text', () => {
    expect(linkify('https://example.com/x.')).toEqual([
      { kind: 'link', text: 'https://example.com/x', href: 'https://example.com/x' },
      { kind: 'text', text: '.' },
    ]);
    expect(linkify('https://example.comを見て')).toEqual([
      { kind: 'link', text: 'https://example.com', href: 'https://example.com/' },
      { kind: 'text', text: 'を見て' },
    ]);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'javascript://example.com/%0aalert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'ｈｔｔｐｓ://example.com',
    'xhttps://example.com',
    'https://bank.example@evil.example/',
    '<a href="javascript:alert(1)">x</a>',
    '<script>alert(1)</script>',
  ])('never makes a link of %s', (text) => {
    expect(linkify(text).filter((s) => s.kind === 'link')).toEqual([]);
    expect(
      linkify(text)
        .map((s) => s.text)
        .join(''),
    ).toBe(text);
  });

  it('gives back the whole text, in order', () => {
    const text = 'a https://x.example b https://y.example/c) d';
    expect(
      linkify(text)
        .map((s) => s.text)
        .join(''),
    ).toBe(text);
  });
});

describe('findMentions', () => {
  const members = [
    { id: 'u1', name: '山田' },
    { id: 'u2', name: '山田 花子' },
    { id: 'u3', name: 'Tanaka' },
    { id: 'u4', name: 'Tanaka' },
  ];

  it('names the longest matching member after an @ at the start or after a space', () => {
    expect(findMentions('@山田 花子 さん、どうぞ', members)).toEqual(['u2']);
    expect(findMentions('こんにちは @山田', members)).toEqual(['u1']);
    expect(findMentions('＠山田 花子', members)).toEqual(['u2']);
  });

  it('needs the name to end there, and the @ not to be inside a word', () => {
    expect(findMentions('@山田太郎', members)).toEqual([]);
    expect(findMentions('mail@山田', members)).toEqual([]);
    expect(findMentions('@誰か', members)).toEqual([]);
  });

  it('names everyone of that name', () => {
    expect(findMentions('@Tanaka, hi', members)).toEqual(['u3', 'u4']);
  });
});

describe('channels', () => {
  it('names a direct channel by the other person for each of the two', () => {
    const message = { kind: 'direct' as const, spaceId: null, senderId: 'a', recipientId: 'b' };
    expect(channelOfMessage(message, 'a')).toBe('direct:b');
    expect(channelOfMessage(message, 'b')).toBe('direct:a');
    expect(storedChannelKey({ kind: 'direct', userId: 'b' }, 'a')).toBe(
      storedChannelKey({ kind: 'direct', userId: 'a' }, 'b'),
    );
  });

  it('reads channel keys', () => {
    expect(parseChannelKey('world')).toEqual({ kind: 'world' });
    expect(parseChannelKey('space:s1')).toEqual({ kind: 'space', spaceId: 's1' });
    expect(parseChannelKey('direct:u1')).toEqual({ kind: 'direct', userId: 'u1' });
    expect(parseChannelKey('table:1')).toBeNull();
    expect(parseChannelKey('space:')).toBeNull();
  });
});

describe('composerKey', () => {
  const enter = { key: 'Enter', shiftKey: false, isComposing: false, keyCode: 13 };
  it('sends on Enter and breaks the line on Shift+Enter', () => {
    expect(composerKey(enter)).toBe('send');
    expect(composerKey({ ...enter, shiftKey: true })).toBe('newline');
  });
  it('never sends on the Enter that confirms an IME conversion', () => {
    expect(composerKey({ ...enter, isComposing: true })).toBe('type');
    expect(composerKey({ ...enter, keyCode: 229 })).toBe('type');
    expect(composerKey({ ...enter, key: 'Process', keyCode: 229 })).toBe('type');
  });
  it('leaves other keys alone', () => {
    expect(composerKey({ ...enter, key: 'a', keyCode: 65 })).toBe('type');
  });
});
