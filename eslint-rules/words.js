// @ts-check
/**
 * The words rule (src/ui/words/README.md): a component renders words from the catalogues, never literal
 * text. Reported in JSX:
 * - text between tags with a letter in it (`<p>Your games</p>`);
 * - a string with a letter given as a child (`{done ? 'Right!' : 'Not quite.'}`);
 * - a string with a letter in an attribute people see or hear: title, aria-label, aria-description,
 *   aria-roledescription, aria-valuetext, placeholder, alt, label.
 * Allowed: punctuation, numbers and symbols (·, ×, ≈, –), and board coordinates (E5, K10), which are the
 * same in every language. A letter is any Unicode letter, so Chinese or German text is caught too.
 */

/** Board points (pente.org names: A–T but I, then 1–19): the same in every language. */
const COORDINATE = /\b[A-HJ-T](?:1[0-9]|[1-9])\b/g;
const LETTER = /\p{L}/u;

/** Whether `text` holds a word: a letter that is not part of a board coordinate. */
export const hasWord = (text) => LETTER.test(String(text).replace(COORDINATE, ''));

export const VISIBLE_ATTRIBUTES = new Set([
  'title',
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'placeholder',
  'alt',
  'label',
]);

/** The string parts of an expression that could end up as text: literals, template text, both arms. */
function strings(node) {
  if (!node) return [];
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'string' ? [{ node, text: node.value }] : [];
    case 'TemplateLiteral':
      return [
        ...node.quasis.map((q) => ({ node: q, text: q.value.cooked ?? '' })),
        ...node.expressions.flatMap(strings),
      ];
    case 'ConditionalExpression':
      return [...strings(node.consequent), ...strings(node.alternate)];
    case 'LogicalExpression':
      return [...strings(node.left), ...strings(node.right)];
    default:
      return [];
  }
}

/** @type {import('eslint').Rule.RuleModule} */
const noLiteralWords = {
  meta: {
    type: 'problem',
    docs: { description: 'Words in components come from the catalogues (src/ui/words), not literals.' },
    messages: {
      text: 'Literal words "{{text}}" in JSX: use a message from the catalogue (src/ui/words/README.md).',
      attribute:
        'Literal words "{{text}}" in the {{name}} attribute: use a message from the catalogue (src/ui/words/README.md).',
    },
    schema: [],
  },
  create(context) {
    const report = (node, text, name) =>
      context.report({
        node,
        messageId: name ? 'attribute' : 'text',
        data: { text: text.trim().slice(0, 40), name: name ?? '' },
      });
    return {
      JSXText(node) {
        if (hasWord(node.value)) report(node, node.value);
      },
      JSXExpressionContainer(node) {
        const parent = node.parent;
        if (parent?.type === 'JSXElement' || parent?.type === 'JSXFragment') {
          for (const s of strings(node.expression)) if (hasWord(s.text)) report(s.node, s.text);
        }
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : '';
        if (!VISIBLE_ATTRIBUTES.has(name) || !node.value) return;
        const value = node.value.type === 'JSXExpressionContainer' ? node.value.expression : node.value;
        for (const s of strings(value)) if (hasWord(s.text)) report(s.node, s.text, name);
      },
    };
  },
};

export default { meta: { name: 'words' }, rules: { 'no-literal-words': noLiteralWords } };
