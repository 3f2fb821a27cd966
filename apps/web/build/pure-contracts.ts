import ts from 'typescript';
import type { Plugin } from 'vite';

const CONTRACTS = /packages\/contracts\/src\/.+\.ts$/;

/**
 * The contracts build their zod schemas when imported, and a bundler must keep a call it cannot
 * prove pure, so a page that needs one message constant would carry zod and every schema of the
 * module. Contracts are declarative (no top-level statement acts on the world), so in the browser
 * build each top-level `const` that calls something is wrapped in a pure-annotated closure: one
 * that nothing uses leaves the bundle with what it alone referenced (decision 029).
 */
export function pureContracts(): Plugin {
  return {
    name: 'tradeloop-pure-contracts',
    enforce: 'pre',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    transform(code, id) {
      if (!CONTRACTS.test(id)) return null;
      return { code: wrapTopLevelCalls(code, id), map: null };
    },
  };
}

export function wrapTopLevelCalls(code: string, fileName: string): string {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const edits: { at: number; text: string }[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const initializer = declaration.initializer;
      if (!initializer || !containsCall(initializer)) continue;
      edits.push({ at: initializer.getStart(source), text: '/* @__PURE__ */ (() => (' });
      edits.push({ at: initializer.getEnd(), text: '))()' });
    }
  }
  let result = code;
  for (const edit of edits.sort((a, b) => b.at - a.at))
    result = result.slice(0, edit.at) + edit.text + result.slice(edit.at);
  return result;
}

function containsCall(node: ts.Node): boolean {
  if (ts.isCallExpression(node) || ts.isNewExpression(node) || ts.isTaggedTemplateExpression(node)) return true;
  if (ts.isFunctionLike(node)) return false;
  return ts.forEachChild(node, containsCall) ?? false;
}
