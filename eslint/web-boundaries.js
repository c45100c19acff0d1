import path from 'node:path';

const webSource = path.resolve(import.meta.dirname, '../apps/web/src');

/** Where a file sits in the web app: a feature's name, 'shared' for components/, hooks/ and lib/, or null. */
function placeOf(file) {
  const [top, feature] = path.relative(webSource, file).split(path.sep);
  if (top === 'features' && feature) return `feature ${feature}`;
  if (top === 'components' || top === 'hooks' || top === 'lib') return 'shared';
  return null;
}

/**
 * A feature imports no other feature, and components/, hooks/ and lib/ import none: what two features
 * share lives in those folders, so a change to one feature cannot break another.
 */
const noCrossFeatureImport = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports from one web feature into another, and from shared code into a feature' },
    messages: {
      crossFeature:
        "{{from}} imports '{{source}}' from {{to}}: move what both use to components/, hooks/ or lib/, or compose them in app/.",
      sharedToFeature: "Shared code imports '{{source}}' from {{to}}: components/, hooks/ and lib/ import no feature.",
    },
    schema: [],
  },
  create(context) {
    const from = placeOf(context.filename);
    if (from === null) return {};
    const check = (node) => {
      const source = node.source;
      if (source?.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const to = placeOf(path.resolve(path.dirname(context.filename), source.value));
      if (to === null || to === 'shared' || to === from) return;
      const messageId = from === 'shared' ? 'sharedToFeature' : 'crossFeature';
      context.report({ node: source, messageId, data: { from, to, source: source.value } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { meta: { name: 'web-boundaries' }, rules: { 'no-cross-feature-import': noCrossFeatureImport } };
