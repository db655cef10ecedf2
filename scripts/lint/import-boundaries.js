// ESLint rule: import boundaries by zones, as import-x's no-restricted-paths (whose native resolver
// this project cannot install). An import is resolved by path alone: relative specifiers against the
// file's folder, `@drinks/<name>` to that workspace. Each zone forbids files under `target` to import
// anything under `from`, except under `except` (folders relative to `from`).
import path from 'node:path';

const within = (file, dir) => file === dir || file.startsWith(dir + path.sep);

export function importBoundaries(root) {
  const abs = (p) => path.resolve(root, p);
  const list = (v) => (Array.isArray(v) ? v : [v]);
  const resolve = (file, spec) => {
    if (spec.startsWith('.')) return path.resolve(path.dirname(file), spec);
    const m = /^@drinks\/([^/]+)/.exec(spec);
    return m ? abs(m[1]) : null;
  };
  return {
    meta: {
      type: 'problem',
      schema: [{ type: 'object', properties: { zones: { type: 'array' } }, additionalProperties: false }],
    },
    create(context) {
      const file = context.filename;
      const zones = (context.options[0]?.zones ?? []).filter((z) => list(z.target).some((t) => within(file, abs(t))));
      if (zones.length === 0) return {};
      const check = (node) => {
        const spec = node.source?.value;
        if (typeof spec !== 'string') return;
        const target = resolve(file, spec);
        if (!target) return;
        for (const z of zones) {
          const from = list(z.from).find((f) => within(target, abs(f)));
          if (!from || (z.except ?? []).some((e) => within(target, path.resolve(abs(from), e)))) continue;
          context.report({ node: node.source, message: `'${spec}' crosses a boundary. ${z.message ?? ''}`.trim() });
        }
      };
      return {
        ImportDeclaration: check,
        ExportNamedDeclaration: check,
        ExportAllDeclaration: check,
        ImportExpression: check,
      };
    },
  };
}
