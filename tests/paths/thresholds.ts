// Per-machine coverage thresholds of `npm run qa:paths`, from one file (thresholds.json beside
// this one, or --thresholds): a plan under its machine's threshold makes the command exit 1.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface Threshold {
  /** Percent of states the plan's paths reach. */
  states: number;
  /** Percent of transitions the plan's paths take. */
  transitions: number;
}

export interface Thresholds {
  default: Threshold;
  machines: Readonly<Record<string, Threshold>>;
}

export const THRESHOLDS_FILE = path.resolve(import.meta.dirname, 'thresholds.json');

function threshold(value: unknown, where: string): Threshold {
  const t = value as Partial<Threshold> | null;
  for (const key of ['states', 'transitions'] as const) {
    const n = t?.[key];
    if (typeof n !== 'number' || n < 0 || n > 100)
      throw new Error(`${where}.${key} must be a percentage from 0 to 100`);
  }
  return { states: t?.states as number, transitions: t?.transitions as number };
}

/** Reads and checks the file; a machine it names that does not exist is an error (a rename left behind). */
export function readThresholds(file: string, machines: readonly string[]): Thresholds {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as {
    default?: unknown;
    machines?: Record<string, unknown>;
  };
  const named = Object.entries(raw.machines ?? {});
  const unknown = named.map(([name]) => name).filter((name) => !machines.includes(name));
  if (unknown.length)
    throw new Error(`${file}: no machine ${unknown.map((n) => `"${n}"`).join(', ')}`);
  return {
    default: threshold(raw.default, `${file}: default`),
    machines: Object.fromEntries(
      named.map(([name, value]) => [name, threshold(value, `${file}: machines.${name}`)]),
    ),
  };
}

export const thresholdOf = (thresholds: Thresholds, machine: string): Threshold =>
  thresholds.machines[machine] ?? thresholds.default;

/** Why the measured percentages are under the threshold, in Japanese (empty: they are not). */
export function belowThreshold(
  measured: { states: number; transitions: number },
  threshold: Threshold,
): string[] {
  return [
    ...(measured.states < threshold.states
      ? [`状態 ${measured.states}% < ${threshold.states}%`]
      : []),
    ...(measured.transitions < threshold.transitions
      ? [`遷移 ${measured.transitions}% < ${threshold.transitions}%`]
      : []),
  ];
}
