/**
 * Work a handler starts and does not wait for: the answer goes out first, then the job runs in
 * this process. Used where waiting would tell the caller something (mail to a known address
 * takes longer than no mail, docs/decisions/014). The server awaits `idle()` on shutdown.
 */
export type JobRunner = {
  /** Starts `job` once the current answer has been written; a failure is logged, never thrown. */
  run(name: string, job: () => Promise<void>): void;
  /** Resolves when every job started so far has ended (shutdown, tests). */
  idle(): Promise<void>;
};

type JobLogger = { error(obj: object, msg: string): void };

export function createJobRunner(logger: JobLogger): JobRunner {
  const running = new Set<Promise<void>>();
  return {
    run(name, job) {
      // setImmediate: the handler's result is sent in the microtasks that follow it, so the job
      // starts after the answer has been handed to the socket and does not delay it.
      const done = new Promise<void>((resolve) => setImmediate(resolve))
        .then(job)
        // The error serializer (http/logger.ts) drops the values of failed statements: the
        // address and token a job carries stay out of the log.
        .catch((err: unknown) => logger.error({ job: name, err }, 'background job failed'))
        .finally(() => running.delete(done));
      running.add(done);
    },
    async idle() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
