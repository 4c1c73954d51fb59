import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FileOutlined, HomeOutlined } from '@ant-design/icons';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MenuIcon } from './menu-icons';

afterEach(cleanup);

// The menu comes from the database: every icon a migration names must be drawn, not the fallback.
const migrations = join(import.meta.dirname, '../../../api/src/db/migrations');
const iconosDelMenu = [
  ...new Set(
    readdirSync(migrations)
      .filter((name) => name.endsWith('.sql'))
      .flatMap((name) => [...readFileSync(join(migrations, name), 'utf8').matchAll(/'([A-Z][A-Za-z]+Outlined)'/g)])
      .map((match) => match[1]!),
  ),
];

/** `ApartmentOutlined` → `apartment`, the name antd gives the drawn icon (its class `anticon-apartment`). */
const etiqueta = (icono: string) =>
  icono
    .replace(/Outlined$/, '')
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .toLowerCase();

describe('MenuIcon', () => {
  it('draws every icon the menu migrations name (those of the first screen at once, the others once fetched)', async () => {
    expect(iconosDelMenu).toEqual(expect.arrayContaining(['ApartmentOutlined', 'SafetyCertificateOutlined']));
    for (const icono of iconosDelMenu) {
      const { container } = render(<MenuIcon name={icono} />);
      await waitFor(() => expect(container.querySelector(`.anticon-${etiqueta(icono)}`), icono).not.toBeNull());
      cleanup();
    }
  });

  it('falls back to a file for a name it does not know', () => {
    const { container } = render(<MenuIcon name="NoExisteOutlined" />);
    expect(container.querySelector('.anticon-file')).not.toBeNull();
  });

  // patches/@ant-design+icons: antd names every icon after its file, in English.
  it('draws icons hidden from screen readers unless given a name', () => {
    const { container } = render(
      <>
        <FileOutlined />
        <HomeOutlined aria-label="Inicio" />
      </>,
    );
    const [decorativo, nombrado] = [...container.querySelectorAll('.anticon')];
    expect(decorativo?.getAttribute('aria-hidden')).toBe('true');
    expect(decorativo?.hasAttribute('role')).toBe(false);
    expect(decorativo?.hasAttribute('aria-label')).toBe(false);
    expect(nombrado?.getAttribute('role')).toBe('img');
    expect(nombrado?.getAttribute('aria-label')).toBe('Inicio');
  });
});
