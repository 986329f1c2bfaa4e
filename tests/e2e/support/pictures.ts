// Pictures drawn and read back in the page: a one-colour PNG to upload, the colour a video or an
// image shows.
import type { Page } from 'playwright-core';

/** The colour in the middle of the top row of a video's current frame, or of an image. */
export function topColour(page: Page, selector: string): Promise<number[]> {
  return page.locator(selector).evaluate((picture: HTMLVideoElement | HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    const video = picture instanceof HTMLVideoElement;
    canvas.width = video ? picture.videoWidth : picture.naturalWidth;
    canvas.height = video ? picture.videoHeight : picture.naturalHeight;
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(picture, 0, 0);
    return [...ctx.getImageData(Math.floor(canvas.width / 2), 2, 1, 1).data.slice(0, 3)];
  });
}

/** Two colours within 24 of each other in every channel. */
export const near = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]!) < 24);

/** A 640×360 PNG of one colour, drawn by the page's own canvas. */
export async function solidPng(page: Page, [r, g, b]: number[]): Promise<Buffer> {
  const bytes = await page.evaluate(async (fill) => {
    const canvas = new OffscreenCanvas(640, 360);
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = fill;
    ctx.fillRect(0, 0, 640, 360);
    const blob = await canvas.convertToBlob({ type: 'image/png' });
    return [...new Uint8Array(await blob.arrayBuffer())];
  }, `rgb(${r}, ${g}, ${b})`);
  return Buffer.from(bytes);
}
