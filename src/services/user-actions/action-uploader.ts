import { toNdjson, type UserAction, type UserActionType } from '../../domain/user-actions';

/** A signed PUT URL of this server for one batch (createUserActionPresignedUrl). */
export interface SignedBatchUrl {
  uploadUrl: string;
  headers: Record<string, string>;
  expiresAt: string;
}

export interface ActionUploaderDeps {
  /** Signs a URL for a batch of exactly `byteSize` bytes. */
  presign(byteSize: number): Promise<SignedBatchUrl>;
  /** Sends a request (fetch in the browser). */
  send(url: string, init: RequestInit): Promise<Response>;
  now(): Date;
  /** Runs `run` every `ms`; answers how to stop it. */
  every(ms: number, run: () => void): () => void;
  /** Runs `run` when the page is hidden for good or closed (`pagehide`); answers how to stop. */
  onPageHide(run: () => void): () => void;
}

/** Every minute (docs/product.md §インサイト). */
export const UPLOAD_INTERVAL_MS = 60_000;
/**
 * The size of the batch sent while the page goes away: signed in advance (the page cannot wait
 * for a signature then), so it is padded to this size; a keepalive request carries at most 64 KiB.
 */
export const PAGEHIDE_BYTES = 16 * 1024;
/** Failed batches kept for retrying; past this many the oldest is dropped (an hour's worth). */
export const MAX_KEPT_BATCHES = 60;
/** A spare URL this close to expiring is replaced. */
const SPARE_MARGIN_MS = 2 * 60_000;

interface Batch {
  body: string;
  /** Its signed URL: a retry goes to the same one, so a batch stored already answers 409. */
  url: SignedBatchUrl | null;
}

const byteLength = (text: string) => new TextEncoder().encode(text).length;

/**
 * Buffers a visit's actions and uploads them as NDJSON batches every minute and when the page
 * goes away (ADR 033). A batch that fails is kept and retried at its own URL; what the last
 * moment could not send (over PAGEHIDE_BYTES) is lost with the tab.
 */
export function createActionUploader(deps: ActionUploaderDeps) {
  let pending: UserAction[] = [];
  let kept: Batch[] = [];
  let spare: SignedBatchUrl | null = null;
  let flushing: Promise<void> = Promise.resolve();
  let stops: (() => void)[] = [];

  const fresh = (url: SignedBatchUrl | null) =>
    url !== null && new Date(url.expiresAt).getTime() - deps.now().getTime() > SPARE_MARGIN_MS;

  async function upload(batch: Batch): Promise<boolean> {
    try {
      if (!fresh(batch.url)) batch.url = await deps.presign(byteLength(batch.body));
      const { uploadUrl, headers } = batch.url!;
      const response = await deps.send(uploadUrl, { method: 'PUT', headers, body: batch.body });
      // 409: this URL stored the batch already (an earlier answer was lost).
      return response.ok || response.status === 409;
    } catch {
      return false;
    }
  }

  async function flushNow() {
    if (pending.length > 0) {
      kept.push({ body: toNdjson(pending), url: null });
      pending = [];
    }
    const batches = kept;
    kept = [];
    for (const batch of batches) if (!(await upload(batch))) kept.push(batch);
    kept = kept.slice(-MAX_KEPT_BATCHES);
    if (!fresh(spare)) spare = await deps.presign(PAGEHIDE_BYTES).catch(() => null);
  }

  return {
    record(actionType: UserActionType) {
      pending.push({ actionType, occurredAt: deps.now().toISOString() });
    },

    /** Uploads what is buffered and retries what failed; one flush after the other. */
    flush(): Promise<void> {
      flushing = flushing.then(flushNow);
      return flushing;
    },

    /**
     * The page is going away: the buffered actions that fit go padded to the spare URL, the kept
     * batches to their own URLs, all as keepalive requests the browser finishes after the page.
     */
    flushOnHide() {
      const sendKept = (batch: Batch) => {
        if (!batch.url || !fresh(batch.url)) return;
        const { uploadUrl, headers } = batch.url;
        void deps
          .send(uploadUrl, { method: 'PUT', headers, body: batch.body, keepalive: true })
          .catch(() => {});
      };
      if (spare && fresh(spare) && pending.length > 0) {
        let body = '';
        let sent = 0;
        for (const action of pending) {
          const line = toNdjson([action]);
          if (byteLength(body + line) > PAGEHIDE_BYTES) break;
          body += line;
          sent += 1;
        }
        body += ' '.repeat(PAGEHIDE_BYTES - byteLength(body));
        sendKept({ body, url: spare });
        pending = pending.slice(sent);
        spare = null;
      }
      kept.forEach(sendKept);
    },

    /** Uploads every minute and on pagehide (after `beforeHide`, say to record leaving) until stop(). */
    start(beforeHide: () => void = () => {}) {
      stops = [
        deps.every(UPLOAD_INTERVAL_MS, () => void this.flush()),
        deps.onPageHide(() => {
          beforeHide();
          this.flushOnHide();
        }),
      ];
      void this.flush();
    },

    stop() {
      stops.forEach((stop) => stop());
      stops = [];
    },
  };
}

export type ActionUploader = ReturnType<typeof createActionUploader>;
