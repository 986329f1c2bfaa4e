import { randomUUID } from 'node:crypto';
import { createReadStream, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
// '.js': Vite warns on extensionless imports in its config; TypeScript resolves it to site.ts.
import { DEFAULT_TITLE } from './src/domain/site.js';

const API_SERVER = 'http://127.0.0.1:3000';

/**
 * Gives each build a unique id: exposed to the app as import.meta.env.VITE_BUILD_ID and written
 * with the build time to dist/build-meta.json, which the server serves as GET /api/builds/latest
 * so an open tab can tell that a newer build is out. The dev server's id is "dev".
 */
function buildMeta(): Plugin {
  let id = 'dev';
  return {
    name: 'worlds:build-meta',
    config(_config, { command }) {
      if (command === 'build') id = randomUUID();
      return { define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(id) } };
    },
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'build-meta.json',
        source: `${JSON.stringify({ id, timestamp: Date.now() })}\n`,
      });
    },
  };
}

/** Puts the default title into index.html, from the same constants the pages use. */
function defaultTitle(): Plugin {
  return {
    name: 'worlds:default-title',
    transformIndexHtml: () => [{ tag: 'title', children: DEFAULT_TITLE, injectTo: 'head' }],
  };
}

/** Where the app loads the selfie segmentation model from (src/services/meeting/background-segmenter.ts). */
const SEGMENTATION_PACKAGE = '@mediapipe/selfie_segmentation';

/**
 * The selfie segmentation model, its wasm and loader, served from our own origin (ADR 024): copied
 * from node_modules into the build under assets/selfie-segmentation-<version>/ (cached as immutable
 * by the server), served from node_modules by the dev server. Nothing of it enters a bundle: the
 * app loads it only when a visitor picks a virtual background.
 */
function selfieSegmentation(): Plugin {
  const dir = dirname(
    createRequire(import.meta.url).resolve(`${SEGMENTATION_PACKAGE}/package.json`),
  );
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    version: string;
  };
  const base = `assets/selfie-segmentation-${version}/`;
  const files = readdirSync(dir).filter((f) =>
    ['.js', '.wasm', '.data', '.tflite', '.binarypb'].includes(extname(f)),
  );
  const types: Record<string, string> = { '.js': 'text/javascript', '.wasm': 'application/wasm' };
  return {
    name: 'worlds:selfie-segmentation',
    config: () => ({
      define: { 'import.meta.env.VITE_SEGMENTATION_BASE': JSON.stringify(`/${base}`) },
    }),
    configureServer(server) {
      server.middlewares.use(`/${base}`, (req, res, next) => {
        const file = (req.url ?? '').split('?')[0]!.slice(1);
        if (!files.includes(file)) return next();
        res.setHeader('content-type', types[extname(file)] ?? 'application/octet-stream');
        createReadStream(join(dir, file)).pipe(res);
      });
    },
    generateBundle() {
      for (const file of files)
        this.emitFile({
          type: 'asset',
          fileName: base + file,
          source: readFileSync(join(dir, file)),
        });
    },
  };
}

export default defineConfig({
  plugins: [react(), buildMeta(), defaultTitle(), selfieSegmentation()],
  // The manifest lets tests/build/page-budget.test.ts find each route's initial JavaScript.
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
  server: {
    proxy: {
      // ws: the realtime WebSocket lives under /api too.
      '/api': { target: API_SERVER, ws: true },
    },
  },
});
