import path from 'node:path';

// The API's layers: a route calls its services, a module uses another only through its service,
// and plugins, the data layer and lib/ know no business module (app.ts and the jobs hand the modules' parts in).
const source = path.resolve(import.meta.dirname, '../apps/api/src');

/** Where an import points inside apps/api/src ('modules/ledger/money.ts'), or the package name. */
function targetOf(filename, specifier) {
  if (!specifier.startsWith('.')) return { package: specifier };
  const resolved = path.resolve(path.dirname(filename), specifier);
  const inside = path.relative(source, resolved);
  return inside.startsWith('..') ? {} : { file: inside.split(path.sep).join('/') };
}

function placeOf(filename) {
  const inside = path.relative(source, filename).split(path.sep).join('/');
  const module = /^modules\/([^/]+)\//.exec(inside)?.[1];
  return { inside, module };
}

/** `import type`, `export type`, or every name marked `type`: erased at build, no code runs. */
function typeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const names = node.specifiers ?? [];
  return names.length > 0 && names.every((name) => name.importKind === 'type' || name.exportKind === 'type');
}

/** Calls check(node, specifier) for every import, re-export and literal import() of the file. */
function eachImport(check) {
  const visit = (node) => {
    if (node.source?.type === 'Literal' && typeof node.source.value === 'string') check(node, node.source.value);
  };
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: visit,
  };
}

const noSqlInRoutes = {
  meta: {
    type: 'problem',
    messages: {
      sql: 'A route file runs no SQL: move the query to the module’s service or repository and call it ({{what}}).',
    },
    schema: [],
  },
  create(context) {
    const { inside } = placeOf(context.filename);
    if (!/^modules\/[^/]+\/[^/]+\.routes\.ts$/.test(inside)) return {};
    return eachImport((node, specifier) => {
      const target = targetOf(context.filename, specifier);
      const sqlPackage = target.package && /^(drizzle-orm|pg)(\/|$)/.test(target.package);
      const database = target.file?.startsWith('db/') && target.file !== 'db/client.ts';
      if (sqlPackage || database) context.report({ node, messageId: 'sql', data: { what: specifier } });
    });
  },
};

const moduleThroughService = {
  meta: {
    type: 'problem',
    messages: {
      service:
        'modules/{{from}} uses modules/{{to}} only through its service (*.service.ts), not {{what}}. ' +
        'Export what is needed from the service, or move a pure helper to lib/.',
      repository: 'A route does not reach a repository or queries file ({{what}}): call the module’s service.',
    },
    schema: [],
  },
  create(context) {
    const { inside, module } = placeOf(context.filename);
    if (!module) return {};
    const isRoute = inside.endsWith('.routes.ts');
    return eachImport((node, specifier) => {
      const to = /^modules\/([^/]+)\/(.+)$/.exec(targetOf(context.filename, specifier).file ?? '');
      if (!to) return;
      const data = { from: module, to: to[1], what: specifier };
      if (isRoute && /\.(repository|queries)\.ts$/.test(to[2])) context.report({ node, messageId: 'repository', data });
      else if (to[1] !== module && !to[2].endsWith('.service.ts') && !typeOnly(node))
        context.report({ node, messageId: 'service', data });
    });
  },
};

const sharedLayersImportNoModule = {
  meta: {
    type: 'problem',
    messages: {
      module:
        'plugins/, db/ and lib/ import no business module ({{what}}): declare the small type it needs there, ' +
        'and let app.ts or the job pass the module’s implementation or rule in.',
    },
    schema: [],
  },
  create(context) {
    if (!/^(plugins|db|lib)\//.test(placeOf(context.filename).inside)) return {};
    return eachImport((node, specifier) => {
      if (targetOf(context.filename, specifier).file?.startsWith('modules/'))
        context.report({ node, messageId: 'module', data: { what: specifier } });
    });
  },
};

export default {
  meta: { name: 'api-boundaries' },
  rules: {
    'no-sql-in-routes': noSqlInRoutes,
    'module-through-service': moduleThroughService,
    'shared-layers-import-no-module': sharedLayersImportNoModule,
  },
};
