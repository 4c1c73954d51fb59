import type { Plugin } from 'vite';

/** An import inside antd (`source`, as written in the file whose path ends with `importer`). */
export interface DeferredPart {
  importer: string;
  source: string;
}

const PREFIX = '\0deferred-antd-part:';

/**
 * Some antd components import a sibling they need only for an option this app does not use on its
 * first screen (Card imports Tabs for `tabList`; Avatar imports Popover for `Avatar.Group`), so the
 * sibling would load with Inicio. This turns those imports into `React.lazy` wrappers: the part
 * still works, and loads the first time it is rendered. Production builds only.
 */
export function deferAntdParts(parts: DeferredPart[]): Plugin {
  return {
    name: 'defer-antd-parts',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      const normalized = importer?.split('\\').join('/');
      if (
        !normalized ||
        !parts.some((part) => part.source === source && normalized.endsWith(`/node_modules/antd/es/${part.importer}`))
      ) {
        return null;
      }
      const real = await this.resolve(source, importer, { skipSelf: true });
      return real ? `${PREFIX}${real.id}` : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const real = JSON.stringify(id.slice(PREFIX.length));
      return [
        `import { createElement, lazy, Suspense } from 'react';`,
        `const Part = lazy(() => import(${real}));`,
        `export default function DeferredAntdPart(props) {`,
        `  return createElement(Suspense, { fallback: null }, createElement(Part, props));`,
        `}`,
      ].join('\n');
    },
  };
}
