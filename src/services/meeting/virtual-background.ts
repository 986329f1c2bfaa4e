// The camera with a virtual background (ADR 024): MediaPipe's selfie segmentation, served from our
// own origin (vite.config.ts copies it from node_modules), separates the visitor from the room;
// a canvas draws them over a blur of the room or over the chosen image, and the canvas's stream is
// what the meeting sends. Loaded with import() only when a visitor picks a background: the loader
// script (and its 5 MB of wasm) never reaches a page that does not use it.
import type { Results, SelfieSegmentation } from '@mediapipe/selfie_segmentation';
import type { VisibleBackground } from '../../domain/virtual-background';

const BASE = import.meta.env.VITE_SEGMENTATION_BASE;
const FRAME_RATE = 24;
const BLUR_PX = 14;
/** The landscape model (144×256): the faster one, made for video calls. */
const LANDSCAPE_MODEL = 1;
/** Loading the runtime and the model, and the first frame (seconds on a slow machine). */
const START_TIMEOUT_MS = 30_000;

type SegmenterClass = typeof SelfieSegmentation;
let loading: Promise<SegmenterClass> | null = null;

/** The package is a script that defines window.SelfieSegmentation, not an ES module. */
function loadSegmenter(): Promise<SegmenterClass> {
  loading ??= new Promise<SegmenterClass>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `${BASE}selfie_segmentation.js`;
    script.onload = () => {
      const found = (globalThis as { SelfieSegmentation?: SegmenterClass }).SelfieSegmentation;
      if (found) resolve(found);
      else reject(new Error('selfie_segmentation.js defined no SelfieSegmentation'));
    };
    script.onerror = () => reject(new Error('selfie_segmentation.js did not load'));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

function loadImage(url: string): Promise<HTMLImageElement> {
  const image = new Image();
  // The canvas must stay readable (a tainted canvas sends no video).
  image.crossOrigin = 'anonymous';
  image.src = url;
  return image.decode().then(() => image);
}

/** Covers the canvas with the image, cut to its shape (CSS object-fit: cover). */
function drawCover(ctx: CanvasRenderingContext2D, image: HTMLImageElement, w: number, h: number) {
  const scale = Math.max(w / image.naturalWidth, h / image.naturalHeight);
  const dw = image.naturalWidth * scale;
  const dh = image.naturalHeight * scale;
  ctx.drawImage(image, (w - dw) / 2, (h - dh) / 2, dw, dh);
}

/** The visitor (where the mask is) over the backdrop: the image, or the frame itself blurred. */
function composite(
  ctx: CanvasRenderingContext2D,
  results: Results,
  backdrop: HTMLImageElement | null,
) {
  const { width: w, height: h } = ctx.canvas;
  ctx.save();
  ctx.clearRect(0, 0, w, h);
  ctx.drawImage(results.segmentationMask, 0, 0, w, h);
  ctx.globalCompositeOperation = 'source-in';
  ctx.drawImage(results.image, 0, 0, w, h);
  ctx.globalCompositeOperation = 'destination-over';
  if (backdrop) drawCover(ctx, backdrop, w, h);
  else {
    ctx.filter = `blur(${BLUR_PX}px)`;
    ctx.drawImage(results.image, 0, 0, w, h);
  }
  ctx.restore();
}

function webGl2Available(): boolean {
  return document.createElement('canvas').getContext('webgl2') !== null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The camera drawn with the background: a stream of one canvas track, drawn until that track is
 * stopped (the devices machine releases it like any stream). Rejects when it cannot run: no
 * WebGL 2 or WebAssembly, the model or the image did not load, the first frame failed. A later
 * frame that fails stops the track and fires its `ended` (the machine falls back to the camera).
 */
export function startVirtualBackground(
  camera: MediaStream,
  choice: VisibleBackground,
): Promise<MediaStream> {
  // A runtime that never answers (a wasm that did not load can hang) is a failure too: the
  // visitor gets the plain camera rather than no video at all.
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timedOut = false;
  const started = start(camera, choice);
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      reject(new Error(`the virtual background did not start in ${START_TIMEOUT_MS} ms`));
    }, START_TIMEOUT_MS);
  });
  // One that starts after all is stopped at once (its loop then closes the segmenter).
  void started.then(
    (stream) => timedOut && stream.getTracks().forEach((track) => track.stop()),
    () => {},
  );
  return Promise.race([started, timeout]).finally(() => clearTimeout(timer));
}

async function start(camera: MediaStream, choice: VisibleBackground): Promise<MediaStream> {
  if (typeof WebAssembly !== 'object' || !webGl2Available())
    throw new Error('WebGL 2 or WebAssembly is not available');
  const [Segmenter, backdrop] = await Promise.all([
    loadSegmenter(),
    choice.kind === 'image' ? loadImage(choice.imageUrl) : null,
  ]);
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = camera;
  await video.play();
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth || 640;
  canvas.height = video.videoHeight || 480;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d canvas');

  const segmenter = new Segmenter({ locateFile: (file) => `${BASE}${file}` });
  segmenter.setOptions({ modelSelection: LANDSCAPE_MODEL });
  segmenter.onResults((results) => composite(ctx, results, backdrop));
  const close = () => {
    video.srcObject = null;
    void segmenter.close().catch(() => {
      // Never started or already closed: nothing left to free.
    });
  };
  try {
    // The first frame before the stream is handed out: a model that fails does so here, and the
    // meeting never gets a black video.
    await segmenter.send({ image: video });
  } catch (error) {
    close();
    throw error;
  }
  const stream = canvas.captureStream(FRAME_RATE);
  const [track] = stream.getVideoTracks();
  void (async () => {
    while (track?.readyState === 'live') {
      const started = performance.now();
      try {
        await segmenter.send({ image: video });
      } catch {
        track.stop();
        // stop() fires no `ended`; the machine listens for it to fall back to the camera.
        track.dispatchEvent(new Event('ended'));
      }
      await sleep(Math.max(0, 1000 / FRAME_RATE - (performance.now() - started)));
    }
    close();
  })();
  return stream;
}
