import fs from 'node:fs';
import path from 'node:path';

/*
 * The server modules' import graph (docs/decisions/054): which module imports which, the floors they
 * stand on (a module stands above all it imports) and any circle. Tests and their helpers are left out:
 * production code never loads them. `node scripts/module-graph.ts` prints it.
 */

export const MODULES_DIR = path.resolve(import.meta.dirname, '../apps/server/src/modules');

export type ModuleGraph = Map<string, Map<string, Set<string>>>;

const SPECIFIER =
  /(?:^|[\s;])(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

const isProductionSource = (file: string) =>
  file.endsWith('.ts') && !file.endsWith('.test.ts') && path.basename(file) !== 'test-support.ts';

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return isProductionSource(full) ? [full] : [];
  });
}

const moduleOf = (modulesDir: string, file: string) => {
  const relative = path.relative(modulesDir, file);
  return relative.startsWith('..') ? null : relative.split(path.sep)[0];
};

/** Each module → each module it imports → the files of the first that import the second. */
export function readModuleGraph(modulesDir = MODULES_DIR): ModuleGraph {
  const graph: ModuleGraph = new Map();
  for (const name of fs.readdirSync(modulesDir, { withFileTypes: true })) {
    if (name.isDirectory()) graph.set(name.name, new Map());
  }
  for (const [from, imports] of graph) {
    for (const file of sourceFiles(path.join(modulesDir, from))) {
      for (const match of fs.readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
        const specifier = match[1] ?? match[2];
        if (!specifier.startsWith('.')) continue;
        const to = moduleOf(modulesDir, path.resolve(path.dirname(file), specifier));
        if (!to || to === from || !graph.has(to)) continue;
        if (!imports.has(to)) imports.set(to, new Set());
        imports.get(to)!.add(path.relative(modulesDir, file));
      }
    }
  }
  return graph;
}

/** The groups of modules that import each other round a circle (Tarjan's strongly connected components). */
export function circles(graph: ModuleGraph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    for (const target of graph.get(node)?.keys() ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (stack.includes(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      group.push(member);
    } while (member !== node);
    if (group.length > 1) found.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** Floor 1 imports no other module; every module stands one floor above the highest it imports. */
export function floors(graph: ModuleGraph): Map<string, number> {
  if (circles(graph).length > 0) throw new Error('a graph with a circle has no floors');
  const floor = new Map<string, number>();
  const of = (node: string): number => {
    if (!floor.has(node)) floor.set(node, 1 + Math.max(0, ...[...graph.get(node)!.keys()].map(of)));
    return floor.get(node)!;
  };
  for (const node of graph.keys()) of(node);
  return floor;
}

function print(graph: ModuleGraph) {
  const arrows = [...graph.values()].reduce((sum, imports) => sum + imports.size, 0);
  const found = circles(graph);
  console.log(`${graph.size} modules, ${arrows} arrows, ${found.length} circles`);
  for (const group of found) console.log(`circle: ${group.join(' ↔ ')}`);
  if (found.length > 0) return;
  const floor = floors(graph);
  const top = Math.max(...floor.values());
  for (let level = top; level >= 1; level -= 1) {
    const here = [...floor].filter(([, at]) => at === level).map(([name]) => name);
    console.log(`floor ${String(level).padStart(2)}: ${here.sort().join(', ')}`);
  }
}

if (import.meta.main) print(readModuleGraph());
