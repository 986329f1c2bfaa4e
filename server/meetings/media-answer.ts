// What the local media server adds to its SDP answers (ADR 023). The browser sends as the answer
// asks: RFC 7587's `usedtx=1` on Opus tells it to stop sending packets while its microphone hears
// silence (Opus DTX: one packet every 400 ms instead of 50 a second). Silence is most of a
// meeting for most attendees, and every packet a publisher sends, the server decrypts once and
// encrypts and sends once per receiver, in JavaScript.

/** The answer with `usedtx=1` in the format parameters of every Opus payload type. */
export function withOpusDtx(sdp: string): string {
  const lines = sdp.split('\r\n');
  const opus = lines.flatMap((line) => /^a=rtpmap:(\d+) opus\//i.exec(line)?.[1] ?? []);
  const hasFmtp = new Set<string>();
  return lines
    .flatMap((line) => {
      const fmtp = /^a=fmtp:(\d+) (.*)$/.exec(line);
      if (fmtp && opus.includes(fmtp[1]!)) {
        hasFmtp.add(fmtp[1]!);
        return /(^|;)\s*usedtx=/.test(fmtp[2]!) ? [line] : [`${line};usedtx=1`];
      }
      return [line];
    })
    .flatMap((line) => {
      const rtpmap = /^a=rtpmap:(\d+) opus\//i.exec(line);
      return rtpmap && !hasFmtp.has(rtpmap[1]!) ? [line, `a=fmtp:${rtpmap[1]} usedtx=1`] : [line];
    })
    .join('\r\n');
}
