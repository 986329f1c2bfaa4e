// BENCH_PROFILE=1 for the page benches: a CPU profile of the measured window (DevTools'
// Profiler), summed by function, printed as the functions with the most self time. Build the app
// with `npx vite build --minify false` first to read component names instead of minified ones.
import type { CDPSession } from 'playwright-core';

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

export async function profiled<T>(cdp: CDPSession, run: () => Promise<T>): Promise<T> {
  if (!process.env.BENCH_PROFILE) return run();
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  const result = await run();
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  console.log(topSelfTime(profile, Number(process.env.BENCH_PROFILE_TOP ?? 25)));
  return result;
}

/** Self time per function (name, file, line), the `top` largest, as lines of text. */
function topSelfTime(profile: Profile, top: number): string {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfMs = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byNode.get(id)!.callFrame;
    const file = frame.url.split('/').pop() || '(native)';
    const key = `${frame.functionName || '(anonymous)'}  ${file}:${frame.lineNumber + 1}`;
    selfMs.set(key, (selfMs.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const total = [...selfMs.values()].reduce((a, b) => a + b, 0);
  return [...selfMs]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(
      ([key, ms]) =>
        `${ms.toFixed(0).padStart(7)} ms ${((100 * ms) / total).toFixed(1).padStart(5)} %  ${key}`,
    )
    .join('\n');
}
