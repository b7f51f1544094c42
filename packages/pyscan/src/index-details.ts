// What the metrics ask about an indexed node beyond its kind, position and nesting. Two parsers
// answer: tree-sitter (ts-details.ts, by looking at the node's children on demand) and the fast
// parser (fast-parse/, from values it recorded while parsing).

/** Receives a node's Halstead operators and operands. */
export interface HalSink {
  op(name: string): void;
  operandKey(ctx: string, key: string): void;
}

export interface IndexDetails {
  /** Name of def or class i. */
  name(i: number): string;
  /** Declared parameters of def i (self, *args and **kwargs included; bare `*` and `/` not). */
  params(i: number): number;
  /**
   * radon's end line: for def i the last AST node start in its last body statement, for class i
   * the same over its whole body (nested defs, classes and asserts left out); -1 when none.
   */
  lastLine(i: number): number;
  /** True when boolean_operator i continues its parent's chain (`a and b and c` is one operator). */
  continuesChain(i: number): boolean;
  /** Sends operator node i's Halstead operators and operands (operands in context ctx). */
  halstead(i: number, ctx: string, sink: HalSink): void;
  /** First and last row of def i's docstring, or null when it has none. */
  docstringRows(i: number): [number, number] | null;
  /** True when print_statement i is `print >> f, x` (also valid Python 3). */
  printChevron(i: number): boolean;
}
