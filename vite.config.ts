import { randomUUID } from 'node:crypto';
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

export default defineConfig({
  plugins: [react(), buildMeta(), defaultTitle()],
  // The manifest lets tests/build/page-budget.test.ts find each route's initial JavaScript.
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
  server: {
    proxy: {
      // ws: the realtime WebSocket lives under /api too.
      '/api': { target: API_SERVER, ws: true },
    },
  },
});
