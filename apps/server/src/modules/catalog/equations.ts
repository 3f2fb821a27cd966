import { createRequire } from 'node:module';
import type { EvalFunction, MathNode } from 'mathjs';
import { CALCULATOR_FUNCTIONS } from '@tradeloop/contracts/catalog-calculator';

/*
 * mathjs's one-file build, not its package entry: the entry's 1,036 modules took every server process (and
 * every test file's) about 0.6 s to resolve and load on a slow two-core machine, the bundle under 0.1 s.
 * It is the same release of the same code, as webpack packed it for browsers; UMD loads under require.
 */
const { parse } = createRequire(import.meta.url)('mathjs/lib/browser/math.js') as typeof import('mathjs');

/**
 * Calculator equations, read by mathjs's parser and never by eval. Only arithmetic, comparisons,
 * conditionals, a few rounding functions and the product's own variables pass the check; anything
 * else (assignments, objects, strings, units, matrices, unknown names) is refused before evaluation.
 */

const OPERATORS = new Set([
  'add',
  'subtract',
  'multiply',
  'divide',
  'pow',
  'mod',
  'unaryMinus',
  'unaryPlus',
  'larger',
  'smaller',
  'largerEq',
  'smallerEq',
  'equal',
  'unequal',
  'and',
  'or',
  'not',
]);
const FUNCTIONS = new Set<string>(CALCULATOR_FUNCTIONS);

export type Equation = { text: string; symbols: Set<string>; evaluate(scope: Record<string, number>): number };
export type EquationCheck = { ok: true; equation: Equation } | { ok: false; message: string };

type NodeLike = MathNode & { fn?: unknown; name?: string; value?: unknown; op?: string };

function refusal(node: NodeLike, variables: ReadonlySet<string>): string | null {
  switch (node.type) {
    case 'ConstantNode':
      return typeof node.value === 'number' ? null : `"${node.toString()}" is not a number`;
    case 'SymbolNode':
      return variables.has(node.name!) ? null : `Unknown name "${node.name}". Use: ${[...variables].join(', ')}`;
    case 'OperatorNode':
      return OPERATORS.has(String(node.fn)) ? null : `The operator "${node.op}" is not allowed`;
    case 'FunctionNode': {
      const name = (node.fn as NodeLike).name ?? '';
      return FUNCTIONS.has(name) ? null : `Unknown function "${name}". Use: ${[...FUNCTIONS].join(', ')}`;
    }
    case 'ParenthesisNode':
    case 'ConditionalNode':
    case 'RelationalNode':
      return null;
    default:
      return `"${node.toString()}" is not allowed in an equation`;
  }
}

/** Reads an equation and checks that it uses only the given variables. */
export function compileEquation(text: string, variables: ReadonlySet<string>): EquationCheck {
  let root: MathNode;
  try {
    root = parse(text);
  } catch (error) {
    return { ok: false, message: `This equation cannot be read: ${(error as Error).message}` };
  }
  const symbols = new Set<string>();
  let problem: string | null = null;
  root.traverse((node: NodeLike, path) => {
    if (problem) return;
    // A function's own name is checked with its FunctionNode, not as a variable.
    if (path === 'fn') return;
    problem = refusal(node, variables);
    if (node.type === 'SymbolNode') symbols.add(node.name!);
  });
  if (problem) return { ok: false, message: problem };
  let compiled: EvalFunction;
  try {
    compiled = root.compile();
  } catch (error) {
    return { ok: false, message: `This equation cannot be read: ${(error as Error).message}` };
  }
  return {
    ok: true,
    equation: {
      text,
      symbols,
      evaluate(scope) {
        const result: unknown = compiled.evaluate({ ...scope });
        const value = typeof result === 'boolean' ? Number(result) : result;
        if (typeof value !== 'number' || !Number.isFinite(value)) throw new EquationError();
        return value;
      },
    },
  };
}

/** The equation gave no finite number (division by zero, the square root of a negative...). */
export class EquationError extends Error {}
