// fontkit 2 ships no types; pdf-lib describes what it needs of it (its Fontkit type).
declare module 'fontkit' {
  export function create(buffer: Buffer): unknown;
}
