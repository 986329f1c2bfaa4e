// Variables vite.config.ts adds to import.meta.env.
interface ImportMetaEnv {
  /** Unique id of this build, also written to dist/build-meta.json; "dev" under the dev server. */
  readonly VITE_BUILD_ID: string;
}
