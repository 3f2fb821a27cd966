import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { circles, floors, readModuleGraph } from './module-graph.ts';

const made = fs.mkdtempSync(path.join(os.tmpdir(), 'module-graph-'));
afterAll(() => fs.rmSync(made, { recursive: true, force: true }));

function tree(name: string, files: Record<string, string>) {
  const dir = path.join(made, name);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

describe('the server modules’ import graph (decision 054)', () => {
  it('has no circle: every module stands above all it imports', () => {
    const graph = readModuleGraph();
    expect(graph.size).toBeGreaterThan(15);
    expect(circles(graph)).toEqual([]);
    const floor = floors(graph);
    for (const [module, imports] of graph)
      for (const imported of imports.keys())
        expect(floor.get(module), `${module} → ${imported}`).toBeGreaterThan(floor.get(imported)!);
  });

  it('finds a circle through faces, type imports, re-exports and import(), and ignores tests and their helpers', () => {
    const modules = tree('circle', {
      'low/public.ts': "export { a } from './service.ts';",
      'low/service.ts': "import type { B } from '../high/public.ts';\nexport const a = 1;",
      'low/a.test.ts': "import { c } from '../top/public.ts';",
      'low/test-support.ts': "import { c } from '../top/public.ts';",
      'high/public.ts': "export { b } from './deep/service.ts';",
      'high/deep/service.ts': "import { a } from '../../low/public.ts';\nexport const b = a;",
      'top/public.ts': "export const c = await import('../high/public.ts');",
    });
    const graph = readModuleGraph(modules);
    expect(circles(graph)).toEqual([['high', 'low']]);
    expect([...graph.get('top')!.keys()]).toEqual(['high']);
    expect([...graph.get('low')!.keys()]).toEqual(['high']);
    expect(() => floors(graph)).toThrow();
  });

  it('puts a module one floor above the highest it imports', () => {
    const modules = tree('floors', {
      'base/public.ts': 'export const base = 1;',
      'middle/public.ts': "export { base } from '../base/public.ts';",
      'top/service.ts':
        "import { base } from '../base/public.ts';\nimport { base as again } from '../middle/public.ts';",
    });
    expect(Object.fromEntries(floors(readModuleGraph(modules)))).toEqual({ base: 1, middle: 2, top: 3 });
  });
});
