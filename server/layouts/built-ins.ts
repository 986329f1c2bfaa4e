// Shipped with the product, not stored: fixed ids so that a layout or a page can name them.
import type { PlacedSpace } from '../../src/domain/layout';

const baseSpaces = [
  {
    id: '6d1f0c9e-7a51-4d8e-9b1a-0a4c5e2f1001',
    name: 'ホワイト',
    backgroundColor: '#F7F7F5',
    backgroundImageUrl: null,
  },
  {
    id: '6d1f0c9e-7a51-4d8e-9b1a-0a4c5e2f1002',
    name: 'ウッド',
    backgroundColor: '#E8D5B5',
    backgroundImageUrl: null,
  },
  {
    id: '6d1f0c9e-7a51-4d8e-9b1a-0a4c5e2f1003',
    name: 'グリーン',
    backgroundColor: '#DCEFD8',
    backgroundImageUrl: null,
  },
  {
    id: '6d1f0c9e-7a51-4d8e-9b1a-0a4c5e2f1004',
    name: 'ナイト',
    backgroundColor: '#1F2A44',
    backgroundImageUrl: null,
  },
] as const;

export const defaultBaseSpace = baseSpaces[0];

/** listBaseSpaces. */
export function builtInBaseSpaces() {
  return baseSpaces.map((b) => ({ ...b }));
}

export function baseSpace(id: string) {
  return baseSpaces.find((b) => b.id === id);
}

const hall = (x: number, y: number, width: number, height: number, capacity = 100) =>
  ({ name: 'ホール', kind: 'hall', x, y, width, height, capacity }) as const;

function tables(
  count: number,
  seats: number,
  origin: { x: number; y: number },
  size: { width: number; height: number; gap: number; perRow: number },
): PlacedSpace[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `テーブル${i + 1}`,
    kind: 'table',
    x: origin.x + (i % size.perRow) * (size.width + size.gap),
    y: origin.y + Math.floor(i / size.perRow) * (size.height + size.gap),
    width: size.width,
    height: size.height,
    capacity: seats,
  }));
}

/** The presets every owner can apply; each satisfies layoutProblems (tested). */
export const builtInPresets = [
  {
    id: '3b2e7f40-5c1d-4e6a-8f3b-7d9e0a1b2001',
    name: '交流会',
    baseSpaceId: baseSpaces[1].id,
    spaces: [
      hall(0, 0, 360, 800),
      ...tables(6, 6, { x: 400, y: 80 }, { width: 240, height: 280, gap: 20, perRow: 3 }),
    ],
  },
  {
    id: '3b2e7f40-5c1d-4e6a-8f3b-7d9e0a1b2002',
    name: 'セミナー',
    baseSpaceId: baseSpaces[0].id,
    spaces: [
      { name: 'ステージ', kind: 'stage', x: 0, y: 0, width: 1200, height: 240, capacity: 10 },
      hall(0, 240, 1200, 560, 300),
    ],
  },
  {
    id: '3b2e7f40-5c1d-4e6a-8f3b-7d9e0a1b2003',
    name: 'ワークショップ',
    baseSpaceId: baseSpaces[2].id,
    spaces: [
      { name: 'ステージ', kind: 'stage', x: 0, y: 0, width: 400, height: 240, capacity: 5 },
      hall(0, 240, 400, 560),
      ...tables(4, 8, { x: 440, y: 40 }, { width: 340, height: 340, gap: 40, perRow: 2 }),
    ],
  },
] as const satisfies readonly {
  id: string;
  name: string;
  baseSpaceId: string;
  spaces: PlacedSpace[];
}[];
