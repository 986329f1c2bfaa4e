// Variables vite.config.ts adds to import.meta.env, and those the deployment may set.
interface ImportMetaEnv {
  /** Unique id of this build, also written to dist/build-meta.json; "dev" under the dev server. */
  readonly VITE_BUILD_ID: string;
  /** Where the selfie segmentation files are served ("/assets/selfie-segmentation-<version>/"). */
  readonly VITE_SEGMENTATION_BASE: string;
  /** Error reports go to Sentry only when this DSN is set at build time. */
  readonly VITE_SENTRY_DSN?: string;
  /** The public origin for og:url and og:image ("https://worlds.example"); default: the page's origin. */
  readonly VITE_PUBLIC_URL?: string;
}
