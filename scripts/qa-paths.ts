// npm run qa:paths [-- options]: test plans and the coverage report from the machines.
// The work is in tests/paths/qa.ts; this file reads the command line.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { formatCoverageTable } from '../tests/paths/coverage';
import { STRATEGIES, type Strategy } from '../tests/paths/plan';
import { dropReason } from '../tests/paths/plan-output';
import { runQa, type QaOptions } from '../tests/paths/qa';

export const USAGE = `npm run qa:paths -- [options]

Writes qa/paths/<machine>/plan.md and plan.csv for every machine in src/machines (each step:
what to do, what the screen shows), the report qa/paths/index.html, plan.json and junit.xml.
Exits 1 when a machine's plan covers less than its threshold in tests/paths/thresholds.json
(not enforced with --max-length, --reaches or --through). Same machines and options, same files.

  --machine <name>      one machine (file name without .machine.ts, e.g. session); default all
  --strategy <s>        minimal (default: fewest paths taking every transition) | all |
                        shortest | simple; what a strategy leaves out is listed
  --max-length <n>      paths of at most n steps
  --reaches <state>     paths passing through a state: its path (signedIn.guest) or Japanese label
  --through <event>     paths taking an event: its type (session.signIn), Japanese label or a variant's label
  --out <dir>           default qa/paths
  --machines-dir <dir>  default src/machines (for fixtures)
  --thresholds <file>   default tests/paths/thresholds.json
  -h, --help`;

/** The options from argv; throws with a message for the person at the terminal. */
export function parseQaArgs(argv: readonly string[]): QaOptions | 'help' {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      machine: { type: 'string' },
      strategy: { type: 'string', default: 'minimal' },
      'max-length': { type: 'string' },
      reaches: { type: 'string' },
      through: { type: 'string' },
      out: { type: 'string', default: 'qa/paths' },
      'machines-dir': { type: 'string' },
      thresholds: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  if (!STRATEGIES.includes(values.strategy as Strategy)) {
    throw new Error(`--strategy must be one of ${STRATEGIES.join(', ')}, not "${values.strategy}"`);
  }
  let maxLength: number | undefined;
  if (values['max-length'] !== undefined) {
    maxLength = Number(values['max-length']);
    if (!Number.isInteger(maxLength) || maxLength < 0)
      throw new Error(`--max-length must be a whole number, not "${values['max-length']}"`);
  }
  return {
    strategy: values.strategy as Strategy,
    maxLength,
    machine: values.machine,
    reaches: values.reaches,
    through: values.through,
    out: path.resolve(values.out ?? 'qa/paths'),
    machinesDir: values['machines-dir'] ? path.resolve(values['machines-dir']) : undefined,
    thresholds: values.thresholds ? path.resolve(values.thresholds) : undefined,
  };
}

async function main() {
  let options: QaOptions | 'help';
  try {
    options = parseQaArgs(process.argv.slice(2));
  } catch (error) {
    console.error(
      `qa:paths: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`,
    );
    process.exit(2);
  }
  if (options === 'help') {
    console.log(USAGE);
    return;
  }
  const result = await runQa(options);
  const measured = result.machines.flatMap((m) => (m.result ? [m.result] : []));
  console.log(formatCoverageTable(measured.map((m) => m.coverage)));
  // What the plan leaves out is said here too, not only in the files.
  for (const m of measured) {
    const dropped = m.rows.filter((row) => row.paths.length === 0);
    if (dropped.length) {
      console.log(`\n${m.name}: ${dropped.length} transition(s) not in this plan:`);
      for (const row of dropped) console.log(`  - ${row.name} (${dropReason(row)})`);
    }
  }
  for (const m of result.machines) if (m.problem) console.error(`✖ ${m.name}: ${m.problem}`);
  const relative = path.relative(process.cwd(), options.out) || '.';
  console.log(`\n${result.files.length} files in ${relative}/: ${result.files.join(', ')}`);
  console.log(`report: ${path.join(relative, 'index.html')}`);
  if (result.failures > 0) {
    console.error(
      `✖ ${result.failures} path(s) replayed differently from the model: the plans list them.`,
    );
    process.exitCode = 1;
  }
  if (result.machines.some((m) => m.problem)) process.exitCode = 1;
  for (const below of result.belowThreshold) {
    console.error(
      `✖ ${below.name}: under its threshold (tests/paths/thresholds.json): ${below.reasons.join(', ')}`,
    );
    process.exitCode = 1;
  }
  if (!result.thresholdsEnforced)
    console.log(
      'thresholds not enforced: --max-length, --reaches and --through make partial plans',
    );
}

// Run only as a script, so that tests can import parseQaArgs.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(`qa:paths: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
