// Every rule the code cites lives in this repository (docs/product.md, docs/architecture.md,
// docs/decisions/): a person who clones the project can read it. This fails when a tracked file
// points at the documents outside the repository that the rules were first written in.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
// Spelled in pieces so that this file does not match itself.
const outside = [['..', 'shared'].join('/'), ['product', 'spec.md'].join('-')];

function outsideReferences(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => outside.some((needle) => line.includes(needle)))
    .map((line) => line.trim());
}

describe('references outside the repository', () => {
  it('finds them in a line (the check can fail)', () => {
    expect(outsideReferences(`// see ${outside[0]}/spec/${outside[1]} section 4`)).toHaveLength(1);
    expect(outsideReferences('// see docs/product.md §4')).toEqual([]);
  });

  it('no tracked file cites a document outside the repository', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
      .split('\0')
      .filter(Boolean);
    const found = files.flatMap((file) => {
      let text: string;
      try {
        text = readFileSync(`${root}/${file}`, 'utf8');
      } catch {
        return []; // listed but deleted in the working tree
      }
      return outsideReferences(text).map((line) => `${file}: ${line}`);
    });
    expect(found).toEqual([]);
  });
});
