import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);

function strings(value: unknown, found: string[] = []): string[] {
  if (typeof value === 'string') found.push(value);
  else if (value && typeof value === 'object') for (const nested of Object.values(value)) strings(nested, found);
  return found;
}

/** Words made only of letters: "0be1" in a hash or "PDF-1.4" are not words. */
function words(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((token) => /^\p{L}+$/u.test(token));
}

/**
 * The UI kit's own English: every word of antd's English locale (which carries those of its
 * pagination, date pickers, tables, uploads…) that its Spanish locale never uses ("no", "error" or
 * "total" are Spanish too, so they do not count).
 */
function englishOfTheUiKit(): Set<string> {
  const english = strings(require('antd/lib/locale/en_US').default);
  const spanish = new Set(strings(require('antd/lib/locale/es_ES').default).flatMap(words));
  return new Set(english.flatMap(words).filter((word) => !spanish.has(word)));
}

/** antd's icons were named after their file ("download", "close-circle", "left"). */
function iconNames(): Set<string> {
  const definitions = Object.values(require('@ant-design/icons-svg') as Record<string, { name?: string }>);
  return new Set(definitions.flatMap((definition) => (definition.name ? [definition.name] : [])));
}

let vocabulary: { words: Set<string>; icons: Set<string> } | undefined;

/**
 * Why `text` reads as English left by the UI kit, or `undefined` when it does not. An icon's name
 * shows as the whole name of an image or, lower case, at either end of a control's name
 * ("download Exportar CSV"); visible text (`StaticText`) never carries one.
 */
function englishIn(text: string, role = ''): string | undefined {
  vocabulary ??= { words: englishOfTheUiKit(), icons: iconNames() };
  const { words: english, icons } = vocabulary;
  const trimmed = text.trim();
  const parts = trimmed.split(/\s+/);
  const icon =
    role === 'StaticText' || role === 'InlineTextBox'
      ? undefined
      : [trimmed, parts[0], parts.at(-1)].find((part) => part && icons.has(part));
  if (icon) return `icon name «${icon}»`;
  const word = words(trimmed).find((candidate) => english.has(candidate));
  return word ? `English word «${word}»` : undefined;
}

export interface EnglishName {
  role: string;
  /** `name` or `description` (a tooltip or a `title`). */
  property: string;
  text: string;
  why: string;
}

interface AxNode {
  ignored: boolean;
  role?: { value?: string };
  name?: { value?: string };
  description?: { value?: string };
}

/**
 * Names and descriptions of everything a screen reader can reach on the page (Chromium's own
 * accessibility tree, every frame of the page's origin), with English left in them.
 */
export async function englishNames(page: Page): Promise<EnglishName[]> {
  const session = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await session.send('Accessibility.getFullAXTree')) as unknown as { nodes: AxNode[] };
    const found = new Map<string, EnglishName>();
    for (const node of nodes) {
      if (node.ignored) continue;
      const role = node.role?.value ?? '';
      for (const property of ['name', 'description'] as const) {
        const text = node[property]?.value;
        const why = text ? englishIn(text, role) : undefined;
        if (text && why) found.set(`${role}|${property}|${text}`, { role, property, text: text.slice(0, 120), why });
      }
    }
    return [...found.values()];
  } finally {
    await session.detach();
  }
}
