import type { Plugin } from 'vite';

/**
 * The modules every icon of `@ant-design/icons` renders through (`AntdIconLight` for the outlined
 * and filled icons, `AntdIcon` for the two-tone ones), in the ES and CommonJS builds.
 */
const ICON_MODULE = /[\\/]node_modules[\\/]@ant-design[\\/]icons[\\/](es|lib)[\\/]components[\\/]AntdIcon(Light)?\.js$/;

/** `<span role="img" aria-label={icon.name} {...restProps}>`: the attributes the icon starts from. */
const NAMED_BY_FILE = /\{\s*role:\s*"img",\s*"aria-label":\s*icon\.name\s*\}/g;

/**
 * Decorative unless named by whoever draws it: an icon given an `aria-label` stays an image with
 * that name; every other one is hidden from assistive technology.
 */
const DECORATIVE_UNLESS_NAMED = `(restProps["aria-label"] === undefined ? { "aria-hidden": "true" } : { role: "img" })`;

/** Rewrites the icon module's source; throws when it no longer has the shape this was written for. */
export function makeIconsDecorative(code: string, id: string): string {
  const matches = code.match(NAMED_BY_FILE)?.length ?? 0;
  if (matches !== 1) {
    throw new Error(
      `decorative-icons: ${id} should name each icon once with role="img" aria-label={icon.name}; ` +
        `found ${matches}. @ant-design/icons changed: check that its icons are still hidden from screen readers.`,
    );
  }
  return code.replace(NAMED_BY_FILE, DECORATIVE_UNLESS_NAMED);
}

function transformIcon(code: string, id: string) {
  return ICON_MODULE.test(id) ? { code: makeIconsDecorative(code, id), map: null } : null;
}

/**
 * Every icon of `@ant-design/icons` (ours, and those antd draws inside its own components: the
 * select arrow, the pagination arrows, the clear buttons…) is a `role="img"` named after its file
 * in English ("download", "close-circle", "left"), so a button read "download Exportar CSV" and the
 * pagination arrows were named "left" and "right". No antd prop or locale reaches that attribute.
 * This plugin makes the icons decorative in the build and in the development server's pre-bundled
 * dependencies; a control drawn with an icon alone gets its Spanish name from its own props.
 */
export function decorativeIcons(): Plugin {
  return {
    name: 'decorative-icons',
    enforce: 'pre',
    transform: (code, id) => transformIcon(code, id),
    config: () => ({
      optimizeDeps: {
        rolldownOptions: { plugins: [{ name: 'decorative-icons', transform: (code, id) => transformIcon(code, id) }] },
      },
    }),
  };
}
