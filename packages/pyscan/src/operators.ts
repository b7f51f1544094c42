// Python AST operator names (what radon's Halstead visitor counts) by operator text.

export const BINARY: Record<string, string> = {
  '+': 'Add',
  '-': 'Sub',
  '*': 'Mult',
  '@': 'MatMult',
  '/': 'Div',
  '%': 'Mod',
  '**': 'Pow',
  '<<': 'LShift',
  '>>': 'RShift',
  '|': 'BitOr',
  '^': 'BitXor',
  '&': 'BitAnd',
  '//': 'FloorDiv',
};

export const UNARY: Record<string, string> = { '-': 'USub', '+': 'UAdd', '~': 'Invert' };

export const COMPARE: Record<string, string> = {
  '<': 'Lt',
  '>': 'Gt',
  '==': 'Eq',
  '>=': 'GtE',
  '<=': 'LtE',
  '!=': 'NotEq',
  '<>': 'NotEq',
  in: 'In',
  'not in': 'NotIn',
  is: 'Is',
  'is not': 'IsNot',
};
